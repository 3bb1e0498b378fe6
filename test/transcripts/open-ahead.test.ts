import { closeSync, fstatSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAsks } from "../../src/transcripts/index.ts";
import { OpenAhead } from "../../src/transcripts/open-ahead.ts";
import { auq, ClaudeLog, tempFolder, writeFile } from "./builders.ts";

describe("reading many files: opened a bounded number ahead, listed in path order", () => {
  it("hands files over in order, opens at most the window ahead, and closes what is left", async () => {
    const root = tempFolder();
    const paths = Array.from({ length: 10 }, (_, i) =>
      writeFile(root, `f${i}.jsonl`, `{"n":${i}}\n`),
    );
    const ahead = new OpenAhead([...paths, join(root, "missing.jsonl")], 3);
    const first = await ahead.take(0);
    expect(first.size).toBe(8);
    expect(() => fstatSync(first.fd)).not.toThrow();
    closeSync(first.fd);
    await expect(ahead.take(10)).rejects.toThrow(/ENOENT/u);
    ahead.dispose();
  });

  it("a folder of many small files reads the same as one file at a time would, in path order", async () => {
    const root = tempFolder();
    const expected: string[] = [];
    for (let i = 0; i < 120; i++) {
      const log = new ClaudeLog({ idTag: `f${i}` });
      const id = log.ask([auq(`Question ${i}?`, ["a", "b"])]);
      if (i % 7 === 0) writeFile(root, `p/${String(i).padStart(3, "0")}.jsonl`, "not json\n");
      else {
        writeFile(root, `p/${String(i).padStart(3, "0")}.jsonl`, log.text());
        expected.push(id);
      }
    }
    const { exchanges, files } = await readAsks([{ path: join(root, "p"), mustExist: true }]);
    expect(exchanges.map((e) => e.callId)).toEqual(expected);
    expect(files).toHaveLength(120);
    expect(files.filter((file) => file.skipped["not-json"] === 1)).toHaveLength(18);
  });
});
