import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { controlIn } from "../support/control-sequences.ts";
import { runInProcess } from "../support/in-process-cli.ts";

const root = mkdtempSync(join(tmpdir(), "askuser-safety-prop-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Control sequences of every family, and the characters that hide or reorder text. */
const CONTROL = fc.constantFrom(
  "\x1b]0;TITLE\x07",
  "\x1b]52;c;cm0gLXJmIH4=\x07",
  "\x1b]8;;x\x1b\\",
  "\x1b[2J",
  "\x1b[31m",
  "\x1b[6n",
  "\x1bPq#0\x1b\\",
  "\x1b_apc\x1b\\",
  "\x1b",
  "\x07",
  "\x08",
  "\r",
  "\n",
  "\t",
  "\x7f",
  "\u009b2J",
  "\u009d0;t\u009c",
  "\u0090q\u009c",
  "\u0085",
  "\u202e",
  "\u2066",
  "\u200f",
  "\u2028",
  "\u3164",
);
const PLAIN = fc.constantFrom("a", "Postgres", "db", " ", "数", "é", "\u2764\ufe0f");
const hostile = fc
  .array(fc.oneof(CONTROL, PLAIN), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));
/** Part of a file name: no NUL and no slash. */
const nameable = hostile.map((name) => name.replace(/[\0/]/g, "_"));

/** A payload near a valid one, with hostile text in any field, key or value. */
const payload = fc.record({
  questions: fc.array(
    fc.record(
      {
        question: fc.oneof(hostile, fc.constant("Which database?")),
        header: hostile,
        id: fc.oneof(hostile, fc.constant("db")),
        context: hostile,
        options: fc.array(
          fc.oneof(
            fc.record({ label: hostile, description: hostile, preview: hostile }),
            fc.dictionary(hostile, hostile, { maxKeys: 2 }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        allowComment: fc.boolean(),
        multiSelect: fc.boolean(),
      },
      { requiredKeys: ["question", "options"] },
    ),
    { minLength: 1, maxLength: 2 },
  ),
  extra: fc.dictionary(hostile, hostile, { maxKeys: 2 }),
});
const answer = fc.oneof(
  hostile,
  fc.array(hostile, { maxLength: 2 }),
  fc.record(
    { selected: fc.array(hostile, { maxLength: 2 }), other: hostile, comment: hostile },
    {
      requiredKeys: [],
    },
  ),
);
const answers = fc.dictionary(fc.oneof(hostile, fc.constant("db")), answer, { maxKeys: 3 });

let runs = 0;

describe("every stream stays inert, whatever the input (property, in process)", () => {
  it("payloads, answers files and file names carrying control sequences", async () => {
    await fc.assert(
      fc.asyncProperty(
        payload,
        answers,
        nameable,
        fc.boolean(),
        fc.constantFrom("file", "stdin", "missing", "broken"),
        async (body, script, name, json, source) => {
          const dir = join(root, String(runs++));
          mkdirSync(dir);
          const { extra, ...rest } = body;
          const text = JSON.stringify({ ...rest, ...extra });
          const payloadPath = join(dir, `p${name}.json`);
          const answersPath = join(dir, `a${name}.json`);
          if (source !== "missing") {
            writeFileSync(payloadPath, source === "broken" ? `${text.slice(0, -1)}${name}` : text);
          }
          writeFileSync(answersPath, JSON.stringify(script));
          const args = [
            "ask",
            source === "stdin" ? "-" : payloadPath,
            "--answers",
            answersPath,
            ...(json ? ["--json"] : []),
          ];
          const run = await runInProcess(args, source === "stdin" ? { stdin: text } : {});
          expect([0, 1, 2]).toContain(run.code);
          expect(controlIn(run.stdout), run.stdout).toBeUndefined();
          expect(controlIn(run.stderr), run.stderr).toBeUndefined();
          if (json && run.code !== 2) expect(() => JSON.parse(run.stdout)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a valid payload with hostile multi-line fields, answered with hostile text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ context: hostile, description: hostile, preview: hostile }),
        fc.record({ other: hostile, comment: hostile }),
        fc.boolean(),
        async (fields, typed, json) => {
          const dir = join(root, String(runs++));
          mkdirSync(dir);
          const question = {
            id: "db",
            question: "Which database?",
            context: fields.context,
            allowComment: true,
            options: [
              { label: "Postgres", description: fields.description, preview: fields.preview },
              { label: "SQLite" },
            ],
          };
          writeFileSync(join(dir, "p.json"), JSON.stringify({ questions: [question] }));
          const answer = { other: `x${typed.other}x`, comment: typed.comment };
          writeFileSync(join(dir, "a.json"), JSON.stringify({ db: answer }));
          const args = ["ask", join(dir, "p.json"), "--answers", join(dir, "a.json")];
          const run = await runInProcess(json ? [...args, "--json"] : args);
          expect(run.code, run.stderr).toBe(0);
          expect(controlIn(run.stdout), run.stdout).toBeUndefined();
          expect(controlIn(run.stderr), run.stderr).toBeUndefined();
          if (json) expect(JSON.parse(run.stdout).answers.db.other).toBe(answer.other.trim());
        },
      ),
      { numRuns: 200 },
    );
  });

  it("askuser log over paths and session lines carrying control sequences", async () => {
    await fc.assert(
      fc.asyncProperty(
        nameable,
        fc.array(hostile, { minLength: 1, maxLength: 4 }),
        fc.constantFrom([], ["--json"], ["--markdown"]),
        async (name, lines, format) => {
          const dir = join(root, String(runs++));
          mkdirSync(dir);
          const file = join(dir, `s${name}.jsonl`);
          writeFileSync(file, `${lines.join("\n")}\n`);
          const run = await runInProcess(["log", file, join(dir, `gone${name}`), ...format]);
          expect(run.code).toBe(1);
          expect(controlIn(run.stdout), run.stdout).toBeUndefined();
          expect(controlIn(run.stderr), run.stderr).toBeUndefined();
        },
      ),
      { numRuns: 100 },
    );
  });
});
