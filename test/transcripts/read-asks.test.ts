import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAsks } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, ClaudeLog, writeFile } from "./builders.ts";

describe("readAsks over many files", () => {
  it("lists every file's asks in path order, and counts each damaged file's lines", async () => {
    const root = testDir("askuser-log-");
    const expected: string[] = [];
    for (let i = 0; i < 120; i++) {
      const log = new ClaudeLog({ idTag: `f${i}` });
      const id = log.ask([auq(`Question ${i}?`, ["a", "b"])]);
      const name = `p/${String(i % 7)}/${String(i).padStart(3, "0")}.jsonl`;
      if (i % 7 === 0) writeFile(root, name, "not json\n");
      else {
        writeFile(root, name, log.text());
        expected.push(id);
      }
    }
    const { exchanges, files } = await readAsks([{ path: join(root, "p"), mustExist: true }]);
    const inPathOrder = [...exchanges].map((e) => e.file).sort();
    expect(exchanges.map((e) => e.file)).toEqual(inPathOrder);
    expect(exchanges.map((e) => e.callId).sort()).toEqual(expected.sort());
    expect(files).toHaveLength(120);
    expect(files.filter((file) => file.skipped["not-json"] === 1)).toHaveLength(18);
  });
});
