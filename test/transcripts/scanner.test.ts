import { describe, expect, it } from "vitest";
import { readAsks, readSessionFile } from "../../src/transcripts/index.ts";
import { scanFile } from "../../src/transcripts/scan/line-scanner.ts";
import { SkipTally } from "../../src/transcripts/scan/skip-tally.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, ClaudeLog, writeFile } from "./builders.ts";

async function scan(
  content: string | Uint8Array,
  options: { chunkBytes?: number; maxLineBytes?: number } = {},
) {
  const path = writeFile(testDir("askuser-log-"), "f.jsonl", content);
  const seen: [number, string][] = [];
  const skips = new SkipTally();
  const result = await scanFile(
    path,
    { line: (view, start, end, n) => seen.push([n, view.toString("utf8", start, end)]) },
    skips,
    options,
  );
  return {
    seen,
    skipped: skips.counts,
    at: skips.lineNumbers,
    lines: result.lines,
    bytes: result.bytes,
  };
}

describe("the line scanner", () => {
  const lines = ['{"a":"é—中🚀"}', `{"b":"${"x".repeat(40)}"}`, "{}", '{"c":"\\u00e9 \\n"}'];
  const text = `${lines.join("\n")}\n`;

  it.each([1, 2, 3, 5, 7, 16, 64, 1 << 20])(
    "hands over whole lines with chunks of %i bytes",
    async (chunkBytes) => {
      const { seen, skipped, lines: count } = await scan(text, { chunkBytes });
      expect(seen).toEqual(lines.map((line, i) => [i + 1, line]));
      expect(skipped).toEqual({});
      expect(count).toBe(4);
    },
  );

  it("takes CRLF, a byte-order mark, blank lines and surrounding blanks in its stride", async () => {
    const { seen, skipped } = await scan('\uFEFF{"a":1}\r\n\r\n  {"b":2}\t\n\n');
    expect(seen).toEqual([
      [1, '{"a":1}'],
      [3, '{"b":2}'],
    ]);
    expect(skipped).toEqual({});
  });

  it("counts lines that are not shaped like JSON objects", async () => {
    const { seen, skipped, at } = await scan(
      '{"a":1}\nnot json\n[1,2]\n"text"\n{"b":2}\n{"unclosed":\n',
    );
    expect(seen.map(([n]) => n)).toEqual([1, 5]);
    expect(skipped).toEqual({ "not-json": 4 });
    expect(at).toEqual([2, 3, 4, 6]);
  });

  it.each([4, 16, 1024])(
    "skips lines longer than the limit once each (chunks of %i bytes)",
    async (chunkBytes) => {
      const long = `{"long":"${"y".repeat(100)}"}`;
      const { seen, skipped, at } = await scan(`{"a":1}\n${long}\n{"b":2}\n${long}`, {
        chunkBytes,
        maxLineBytes: 50,
      });
      expect(seen).toEqual([
        [1, '{"a":1}'],
        [3, '{"b":2}'],
      ]);
      expect(skipped).toEqual({ "too-long": 2 });
      expect(at).toEqual([2, 4]);
    },
  );

  it("reads a whole last line without a line break, and counts a cut one as truncated", async () => {
    expect((await scan('{"a":1}\n{"b":2}')).seen).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
    const cut = await scan('{"a":1}\n{"b":{"c":2}', { chunkBytes: 3 });
    expect(cut.seen).toEqual([[1, '{"a":1}']]);
    expect(cut.skipped).toEqual({ truncated: 1 });
    expect(cut.at).toEqual([2]);
  });

  it("reads an empty file", async () => {
    expect(await scan("")).toEqual({ seen: [], skipped: {}, at: [], lines: 0, bytes: 0 });
  });
});

describe("damaged lines that could hold an ask are counted", () => {
  it("invalid UTF-8 and broken JSON in ask lines", async () => {
    const log = new ClaudeLog();
    const good = log.ask([auq("Port?", ["1", "2"])], "toolu_good");
    log.result(good, 'The user answered: "Port?"="1". Read the answers carefully');
    const broken = Buffer.from(
      `${JSON.stringify({ type: "assistant", message: { content: [{ type: "tool_use", id: "toolu_bad", name: "AskUserQuestion", input: { questions: [] } }] } }).slice(0, -1)}, "x": "\u00e9"}\n`,
    );
    broken[broken.length - 4] = 0xff;
    const folder = testDir("askuser-log-");
    const path = writeFile(
      folder,
      "s.jsonl",
      Buffer.concat([
        Buffer.from(log.text()),
        broken,
        // Shaped like an object, so only parsing finds the missing brace.
        Buffer.from(
          '{"type":"user","message":{"content":[{"tool_use_id":"toolu_good","type":"tool_result","content":"x"}]}\n',
        ),
      ]),
    );
    const { exchanges, report } = await readSessionFile(path, "claude-code");
    expect(exchanges.map((e) => e.callId)).toEqual(["toolu_good"]);
    expect(report.skipped).toEqual({ "invalid-utf8": 1, "not-json": 1 });
    expect(report.skippedLines).toEqual([3, 4]);
  });

  it("a folder or file that cannot be read is a problem, not a crash", async () => {
    const folder = testDir("askuser-log-");
    writeFile(folder, "dir.jsonl/inner.txt", "x");
    const missing = `${folder}/missing`;
    const { problems, files } = await readAsks([
      { path: missing, mustExist: true },
      { path: `${folder}/absent-default`, mustExist: false },
    ]);
    expect(files).toEqual([]);
    expect(problems).toEqual([{ path: missing, message: "no such file or folder" }]);
  });
});
