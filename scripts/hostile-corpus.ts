/**
 * The hostile corpus: payloads, answers files, file names and session logs that try to reach the
 * terminal through askuser, each with the exit code askuser must give. test/cli/hostile-corpus
 * runs every case in `npm test`; run this file to write the corpus out and try it by hand:
 *
 *   node scripts/hostile-corpus.ts <folder>   (writes each case's files and a manifest.json)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOSTILE_STRINGS, type HostileString } from "./hostile-strings.ts";

export interface HostileCase {
  readonly name: string;
  /** Files of the case, by name inside its own folder; bytes where the content is not UTF-8. */
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  /** The command line; `@name` stands for the path of the case's file `name`. */
  readonly args: readonly string[];
  readonly stdin?: string;
  /** 0 answered, 1 not answered or a log path unreadable, 2 invalid input or usage. Never 70. */
  readonly expectedCode: 0 | 1 | 2;
}

const LIMIT = { label: 60, header: 12, question: 1000, preview: 4000 } as const;

const option = (label: string) => ({ label });
const BASE = {
  id: "db",
  question: "Which database?",
  options: [option("Postgres"), option("SQLite")],
};
const json = (value: unknown) => JSON.stringify(value);
const payload = (question: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  json({ questions: [{ ...BASE, ...question }], ...top });
const length = (text: string) => Array.from(text).length;
/** A single-line field holding `text`: rejected when unsafe or too long, else valid. */
const oneLine = (s: HostileString, text: string, max: number) =>
  s.breaksOneLine || s.notText || s.hidesText || length(text.trim()) > max ? 2 : 1;
/** A field that takes any text: `code`, unless the string is not text at all. */
const anyText = (s: HostileString, code: 0 | 1 | 2) => (s.notText ? 2 : code);

function casesFor(s: HostileString): HostileCase[] {
  const v = `x${s.text}y`;
  const valid = payload({ allowComment: true });
  const cases: HostileCase[] = [
    {
      name: "unknown question field named by it",
      files: { "p.json": payload({ [s.text]: 1 }) },
      args: ["ask", "@p.json"],
      expectedCode: 2,
    },
    {
      name: "unknown top-level field named by it, --json",
      files: { "p.json": payload({}, { [s.text]: true }) },
      args: ["ask", "@p.json", "--json"],
      expectedCode: 2,
    },
    {
      name: "in a label",
      files: { "p.json": payload({ options: [option(v), option("SQLite")] }) },
      args: ["ask", "@p.json"],
      expectedCode: oneLine(s, v, LIMIT.label),
    },
    {
      name: "in a question, --json",
      files: { "p.json": payload({ question: v }) },
      args: ["ask", "@p.json", "--json"],
      expectedCode: oneLine(s, v, LIMIT.question),
    },
    {
      name: "in a header",
      files: { "p.json": payload({ header: v }) },
      args: ["ask", "@p.json"],
      expectedCode: oneLine(s, v, LIMIT.header),
    },
    {
      name: "in a preview and a description, --json",
      files: {
        "p.json": payload({ options: [{ label: "A", preview: v, description: "d" }, option("B")] }),
      },
      args: ["ask", "@p.json", "--json"],
      expectedCode: s.hidesText ? 2 : anyText(s, length(v) > LIMIT.preview ? 2 : 1),
    },
    {
      name: "as an answer label",
      files: { "p.json": valid, "a.json": json({ db: v }) },
      args: ["ask", "@p.json", "--answers", "@a.json"],
      expectedCode: 2,
    },
    {
      name: "as an answers key, --json",
      files: { "p.json": valid, "a.json": json({ [s.text]: "Postgres" }) },
      args: ["ask", "@p.json", "--answers", "@a.json", "--json"],
      expectedCode: 2,
    },
    {
      name: "in other",
      files: { "p.json": valid, "a.json": json({ db: { other: v } }) },
      args: ["ask", "@p.json", "--answers", "@a.json"],
      expectedCode: anyText(s, 0),
    },
    {
      name: "in other and comment, --json",
      files: { "p.json": valid, "a.json": json({ db: { other: v, comment: v } }) },
      args: ["ask", "@p.json", "--answers", "@a.json", "--json"],
      expectedCode: anyText(s, 0),
    },
    {
      name: "in a comment beside a label",
      files: { "p.json": valid, "a.json": json({ db: { selected: ["SQLite"], comment: v } }) },
      args: ["ask", "@p.json", "--answers", "@a.json"],
      expectedCode: anyText(s, 0),
    },
    {
      name: "raw inside invalid JSON",
      files: { "p.json": `{"questions": [${s.text}]` },
      args: ["ask", "@p.json"],
      expectedCode: 2,
    },
    {
      name: "raw inside an invalid answers file",
      files: { "p.json": valid, "a.json": `{"db": ${s.text}` },
      args: ["ask", "@p.json", "--answers", "@a.json"],
      expectedCode: 2,
    },
    {
      name: "in a label, payload from standard input",
      files: {},
      args: ["ask", "-"],
      stdin: payload({ options: [option(v), option("SQLite")] }),
      expectedCode: oneLine(s, v, LIMIT.label),
    },
    { name: "as a command", files: {}, args: [s.text], expectedCode: 2 },
    { name: "as a flag", files: {}, args: ["ask", `--${s.text}`], expectedCode: 2 },
    {
      name: "as a log filter",
      files: {},
      args: ["log", "@none", "--since", s.text],
      expectedCode: 2,
    },
    {
      name: "in a Claude Code session log, text, JSON and Markdown",
      files: { "s.jsonl": claudeSession(v) },
      args: ["log", "@s.jsonl"],
      expectedCode: 0,
    },
    {
      name: "in a Claude Code session log, --json",
      files: { "s.jsonl": claudeSession(v) },
      args: ["log", "@s.jsonl", "--json"],
      expectedCode: 0,
    },
    {
      name: "in a Claude Code session log, --markdown",
      files: { "s.jsonl": claudeSession(v) },
      args: ["log", "@s.jsonl", "--markdown"],
      expectedCode: 0,
    },
  ];
  if (!s.nameable) return cases;
  const name = `n${s.text}.json`;
  return [
    ...cases,
    {
      name: "in the payload's file name",
      files: { [name]: valid },
      args: ["ask", `@${name}`],
      expectedCode: 1,
    },
    {
      name: "in a missing payload's file name",
      files: {},
      args: ["ask", `@${name}`],
      expectedCode: 2,
    },
    {
      name: "in an answers file's name, the answers invalid",
      files: { "p.json": valid, [name]: json({ nobody: "Postgres" }) },
      args: ["ask", "@p.json", "--answers", `@${name}`],
      expectedCode: 2,
    },
    {
      name: "in a damaged session log's name",
      files: { [`${name}l`]: "not json\n" },
      args: ["log", `@${name}l`],
      expectedCode: 0,
    },
    {
      name: "in a missing session log's name",
      files: {},
      args: ["log", `@gone${name}`],
      expectedCode: 1,
    },
    {
      name: "in a missing --turns file's name",
      files: {},
      args: ["log", "--turns", `@gone${name}`],
      expectedCode: 2,
    },
  ];
}

/** A Claude Code session with one ask whose every text is `text`, answered with it. */
function claudeSession(text: string): string {
  const envelope = { cwd: `/home/ana/${text}`, sessionId: "s1", version: "2.1.120" };
  const question = {
    question: text,
    header: text,
    multiSelect: false,
    options: [{ label: text, description: text }, { label: "B" }],
  };
  const lines = [
    { type: "user", message: { role: "user", content: text }, uuid: "u1" },
    {
      type: "assistant",
      uuid: "u2",
      message: {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "AskUserQuestion", input: { questions: [question] } },
        ],
      },
    },
    {
      type: "user",
      uuid: "u3",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t1", content: text }],
      },
      toolUseResult: { questions: [question], answers: { [text]: text } },
    },
  ];
  return lines
    .map((line, index) => json({ ...envelope, ...line, timestamp: `2026-01-10T09:00:0${index}Z` }))
    .join("\n")
    .concat("\n");
}

const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const encoder = new TextEncoder();
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === "string" ? [...encoder.encode(part)] : part)),
  );

/** Cases about the shape and encoding of the input rather than one string in it. */
const SHAPE_CASES: readonly HostileCase[] = [
  ...[1_000, 100_000, 1_000_000].flatMap((depth): HostileCase[] => [
    {
      name: `nesting ${depth} deep in an unknown field`,
      files: {
        "p.json": `{"questions":[{"question":"q","options":[{"label":"a"},{"label":"b"}],"x":${deep(depth)}}]}`,
      },
      args: ["ask", "@p.json"],
      expectedCode: 2,
    },
    {
      name: `nesting ${depth} deep as the whole payload, --json`,
      files: { "p.json": deep(depth) },
      args: ["ask", "@p.json", "--json"],
      expectedCode: 2,
    },
    {
      name: `nesting ${depth} deep in other`,
      files: { "p.json": payload({}), "a.json": `{"db":{"other":${deep(depth)}}}` },
      args: ["ask", "@p.json", "--answers", "@a.json"],
      expectedCode: 2,
    },
  ]),
  {
    name: "a 5 MB label",
    files: { "p.json": payload({ options: [option("x".repeat(5_000_000)), option("B")] }) },
    args: ["ask", "@p.json"],
    expectedCode: 2,
  },
  {
    name: "10,000 unknown fields named by escapes",
    files: {
      "p.json": payload(
        Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`\x1b]0;${i}\x07`, i])),
      ),
    },
    args: ["ask", "@p.json"],
    expectedCode: 2,
  },
  {
    name: "a byte order mark before the payload",
    files: { "p.json": `\ufeff${payload({})}` },
    args: ["ask", "@p.json"],
    expectedCode: 1,
  },
  {
    name: "a byte order mark before the answers",
    files: { "p.json": payload({}), "a.json": `\ufeff${json({ db: "SQLite" })}` },
    args: ["ask", "@p.json", "--answers", "@a.json"],
    expectedCode: 0,
  },
  {
    name: "invalid UTF-8 in a label",
    files: {
      "p.json": bytes(
        '{"questions":[{"question":"q","options":[{"label":"a',
        [0xff, 0xfe],
        '"},{"label":"b"}]}]}',
      ),
    },
    args: ["ask", "@p.json"],
    expectedCode: 2,
  },
  {
    name: "a raw 0x9b byte (8-bit CSI) in a label",
    files: {
      "p.json": bytes(
        '{"questions":[{"question":"q","options":[{"label":"a',
        [0x9b],
        '2J"},{"label":"b"}]}]}',
      ),
    },
    args: ["ask", "@p.json"],
    expectedCode: 2,
  },
  {
    name: "an overlong ESC (0xC0 0x9B) in other",
    files: { "p.json": payload({}), "a.json": bytes('{"db":{"other":"', [0xc0, 0x9b], '[2J"}}') },
    args: ["ask", "@p.json", "--answers", "@a.json"],
    expectedCode: 2,
  },
  {
    name: "a raw ESC byte inside a JSON string",
    files: { "p.json": `{"questions":[{"question":"q\x1b]0;x\x07","options":[]}]}` },
    args: ["ask", "@p.json"],
    expectedCode: 2,
  },
  {
    name: "NUL bytes and escapes as the whole answers file",
    files: { "p.json": payload({}), "a.json": "\x00\x1b[2J\x00" },
    args: ["ask", "@p.json", "--answers", "@a.json", "--json"],
    expectedCode: 2,
  },
  {
    name: "an empty payload from standard input",
    files: {},
    args: ["ask", "-"],
    stdin: "",
    expectedCode: 2,
  },
];

export function hostileCorpus(): readonly HostileCase[] {
  return [
    ...HOSTILE_STRINGS.flatMap((s) =>
      casesFor(s).map((c) => ({ ...c, name: `${s.name}: ${c.name}` })),
    ),
    ...SHAPE_CASES,
  ];
}

/** Writes every case into `folder/<index>/` and the list of cases into `folder/manifest.json`. */
export function writeCorpus(folder: string): void {
  const manifest = hostileCorpus().map((c, index) => {
    const dir = join(folder, String(index).padStart(3, "0"));
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(c.files)) writeFileSync(join(dir, name), content);
    const { files: _files, ...rest } = c;
    return { ...rest, dir, files: Object.keys(c.files) };
  });
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest, null, 2));
}

if (import.meta.main) {
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write("usage: node scripts/hostile-corpus.ts <folder>\n");
    process.exitCode = 2;
  } else {
    writeCorpus(folder);
    process.stdout.write(`wrote ${hostileCorpus().length} cases to ${folder}\n`);
  }
}
