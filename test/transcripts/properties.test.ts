import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelText, truncateCodePoints } from "../../src/core/index.ts";
import { type Agent, type AskExchange, readSessionFile } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import {
  auq,
  ClaudeLog,
  CodexLog,
  PiLog,
  REJECTION_HEAD,
  typedRejection,
  writeFile,
} from "./builders.ts";

const folder = testDir("askuser-log-");
let fileCount = 0;

function claudeBase(): string {
  const log = new ClaudeLog();
  log.user("Which cache?");
  const first = log.ask([auq("Which cache?", ["Redis", "None"]), auq("缓存多久？", ["1h", "1d"])]);
  log.result(first, "", {
    toolUseResult: {
      answers: { "Which cache?": "Redis", "缓存多久？": "(notes only)" },
      annotations: { "缓存多久？": { notes: "看情况 🚀" } },
    },
  });
  const bash = log.call("Bash", { command: "ls" });
  log.result(bash, "a.ts\nb.ts", { toolUseResult: { stdout: "a.ts\nb.ts", stderr: "" } });
  const second = log.ask([auq("Port?", ["8080", "3000"])]);
  log.result(
    second,
    'Your questions have been answered: "Port?"="3000". You can now continue with these answers in mind.',
  );
  return log.text();
}

function piBase(): string {
  const log = new PiLog();
  log.user("tests");
  const details = {
    status: "answered" as const,
    questions: [
      {
        id: "q1",
        header: "Runner",
        question: "Runner?",
        options: [{ label: "Vitest" }, { label: "Jest" }],
        multiSelect: false,
        allowComment: true,
      },
    ],
    answers: { q1: { selected: ["Jest"], comment: "legacy" } },
    unanswered: [],
  };
  const call = log.call("ask_user", {
    questions: [{ question: "Runner?", options: [{ label: "Vitest" }, { label: "Jest" }] }],
  });
  log.result(call, "ask_user", modelText(details), details);
  log.user("ok");
  return log.text();
}

function codexBase(): string {
  const log = new CodexLog();
  log.userMessage("tests");
  const call = log.call("request_user_input", {
    questions: [
      {
        id: "r",
        header: "Runner",
        question: "Runner?",
        options: [{ label: "Vitest", description: "" }],
      },
    ],
  });
  log.output(call, JSON.stringify({ answers: { r: { answers: ["Vitest", "user_note: fast"] } } }));
  return log.text();
}

const BASES: readonly [Agent, string][] = [
  ["claude-code", claudeBase()],
  ["pi", piBase()],
  ["codex", codexBase()],
];

/** What an ask says, without where it sits in its file. */
function content(exchanges: readonly AskExchange[]) {
  return exchanges.map(({ file: _file, line: _line, resultLine: _resultLine, ...rest }) => rest);
}

async function read(agent: Agent, bytes: Uint8Array, chunkBytes?: number) {
  fileCount++;
  const path = writeFile(folder, `f${fileCount}.jsonl`, bytes);
  return readSessionFile(path, agent, chunkBytes === undefined ? {} : { chunkBytes });
}

const totalSkipped = (skipped: Readonly<Record<string, number | undefined>>) =>
  Object.values(skipped).reduce((sum: number, n) => sum + (n ?? 0), 0);

const isBlank = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1").trim().length === 0;
const objectShaped = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString("latin1").trim();
  return text.startsWith("{") && text.endsWith("}");
};

/** Garbage a line can hold: text, JSON that is not an object, and raw bytes (invalid UTF-8 too). */
const garbageLine = fc
  .oneof(
    fc.string({ unit: "binary" }).map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)),
    fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? "null")),
  )
  .map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a)))
  .filter((bytes) => !isBlank(bytes) && !objectShaped(bytes));

describe("properties: damaged logs never crash the reader, and damage is counted", () => {
  it.each(BASES)(
    "garbage lines in a %s log are each counted and change no ask",
    async (agent, base) => {
      const clean = await read(agent, Buffer.from(base));
      const lines = base.trimEnd().split("\n");
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(lines.length), garbageLine), { maxLength: 6 }),
          async (insertions) => {
            const damaged: Buffer[] = lines.map((line) => Buffer.from(line));
            // Insert from the back so earlier positions stay valid; never before a Pi header.
            for (const [at, garbage] of [...insertions].sort((a, b) => b[0] - a[0])) {
              damaged.splice(Math.max(at, agent === "pi" ? 1 : 0), 0, garbage);
            }
            const { exchanges, report } = await read(
              agent,
              Buffer.concat(damaged.flatMap((line) => [line, Buffer.from("\n")])),
            );
            expect(content(exchanges)).toEqual(content(clean.exchanges));
            expect(totalSkipped(report.skipped)).toBe(insertions.length);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it.each(BASES)(
    "a %s log cut at any byte reads what is whole and counts the cut line",
    async (agent, base) => {
      const bytes = Buffer.from(base);
      await fc.assert(
        fc.asyncProperty(fc.nat(bytes.length), async (cut) => {
          const head = bytes.subarray(0, cut);
          const { exchanges, report } = await read(agent, head);
          const lastBreak = head.lastIndexOf(0x0a);
          const partial = head.subarray(lastBreak + 1).toString("utf8");
          let whole = partial.trim().length === 0;
          try {
            if (!whole) whole = typeof JSON.parse(partial) === "object";
          } catch {
            whole = false;
          }
          expect(report.skipped).toEqual(whole ? {} : { truncated: 1 });
          expect(exchanges.length).toBeLessThanOrEqual(
            Math.max(1, (await read(agent, bytes)).exchanges.length),
          );
        }),
        { numRuns: 80 },
      );
    },
  );

  it.each(BASES)("a %s log reads the same whatever the chunk size", async (agent, base) => {
    const clean = await read(agent, Buffer.from(base));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 700 }), async (chunkBytes) => {
        const { exchanges, report } = await read(agent, Buffer.from(base), chunkBytes);
        expect(content(exchanges)).toEqual(content(clean.exchanges));
        expect(report.skipped).toEqual({});
      }),
      { numRuns: 40 },
    );
  });
});

describe("properties: quoted markers never produce answers", () => {
  const markers = [
    'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.',
    'Your questions have been answered: "Port?"="8080". You can now continue with these answers in mind.',
    'The user answered: "Port?"="8080". Read the answers carefully',
    "The user responded: yes, do it",
    typedRejection("Do something else."),
    `${REJECTION_HEAD} STOP what you are doing and wait for the user to tell you how to proceed.`,
  ];

  it("in file reads, command output and errors of other tools, at the start or inside", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("Bash", "Read", "Grep", "Edit", "WebFetch", "Task"),
        fc.constantFrom(...markers),
        fc.string(),
        fc.string(),
        fc.boolean(),
        fc.constantFrom<unknown>(
          undefined,
          "Error: failed",
          { stdout: "x" },
          { type: "text", file: { filePath: "/a" } },
        ),
        async (tool, marker, before, after, isError, toolUseResult) => {
          const log = new ClaudeLog();
          const id = log.call(tool, { command: "cat notes.md" });
          log.result(id, `${before.length % 2 === 0 ? "" : before}${marker}${after}`, {
            isError,
            toolUseResult,
          });
          log.result(id, [{ type: "text", text: `${before}\n${marker}` }], { isError });
          const { exchanges } = await read("claude-code", Buffer.from(log.text()));
          expect(exchanges).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("properties: text is never cut inside a character", () => {
  it("truncateCodePoints keeps whole code points", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(40), (text, max) => {
        const cut = truncateCodePoints(text, max);
        const kept = cut.endsWith("…") && cut !== text ? cut.slice(0, -1) : cut;
        expect(text.startsWith(kept)).toBe(true);
        expect(Array.from(kept).length).toBeLessThanOrEqual(Math.max(max, Array.from(text).length));
        expect(
          /[\ud800-\udbff]$/u.test(kept) || /^[\udc00-\udfff]/u.test(text.slice(kept.length)),
        ).toBe(false);
      }),
    );
  });
});

/** JSON with a blank after every `,` and `:` between tokens, as Python's json.dumps writes it. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${spaced(item)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

describe("logs written by other serialisers", () => {
  it.each(BASES)("a %s log with blanks after separators reads the same", async (agent, base) => {
    const clean = await read(agent, Buffer.from(base));
    const respaced = base
      .trimEnd()
      .split("\n")
      .map((line) => spaced(JSON.parse(line)))
      .join("\n");
    const { exchanges, report } = await read(agent, Buffer.from(`${respaced}\n`));
    expect(content(exchanges)).toEqual(content(clean.exchanges));
    expect(exchanges.length).toBeGreaterThan(0);
    expect(report.skipped).toEqual({});
  });
});
