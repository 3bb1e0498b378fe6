import { describe, expect, it } from "vitest";
import { IndexBytes } from "../../src/transcripts/cache-index.ts";
import { bufferSource } from "../../src/transcripts/cache-source.ts";

const line = (path: string, identity: string, payload = "[]") =>
  `${JSON.stringify(path)}\t-\t${identity}\t${payload}\n`;
const key = (path: string) => `${JSON.stringify(path)}\t-`;

describe("the log cache's index, held as bytes", () => {
  it("finds each of many lines by its key, and never a key it does not hold", () => {
    const paths = Array.from({ length: 5000 }, (_, at) => `/p/${at % 7}/s${at}.jsonl`);
    const index = new IndexBytes(
      bufferSource(Buffer.from(paths.map((p) => line(p, `1:${p.length}`)).join(""))),
    );
    expect(index.count).toBe(5000);
    for (const path of paths) {
      const found = index.find(key(path));
      expect(found).toBeDefined();
      expect(index.key(found as number)).toBe(key(path));
      expect(index.hasIdentity(found as number, `1:${path.length}`)).toBe(true);
      expect(index.hasIdentity(found as number, `1:${path.length}0`)).toBe(false);
    }
    expect(index.find(key("/p/0/s5000.jsonl"))).toBeUndefined();
    expect(index.find(`${JSON.stringify("/p/0/s0.jsonl")}\tpi`)).toBeUndefined();
  });

  it("keeps the later of two lines for one key and drops lines without their fields", () => {
    const text = `${line("/a é.jsonl", "1", "[1]")}not a line\n${line("/a é.jsonl", "2", "[2]")}`;
    const index = new IndexBytes(bufferSource(Buffer.from(`{"header":1}\n${text}`)), 13);
    expect(index.dropped).toBe(2);
    const found = index.find(key("/a é.jsonl")) as number;
    expect(index.line(found)).toBe(line("/a é.jsonl", "2", "[2]").trimEnd());
    expect(index.lineWithBreak(found).toString()).toBe(line("/a é.jsonl", "2", "[2]"));
    expect(index.stateOf(0)).toBe("replaced");
    expect(index.stateOf(found)).toBe("met");
  });
});
