import { describe, expect, it } from "vitest";
import { LineLimiter, type NotJsonLine, type OversizeLine } from "../../src/mcp/line-limit.ts";

/** Feeds the chunks, then ends the stream; resolves with what came out and what was dropped. */
function run(limit: number, chunks: readonly string[], reply?: string) {
  const dropped: OversizeLine[] = [];
  const notJson: NotJsonLine[] = [];
  const out: string[] = [];
  const limiter = new LineLimiter(
    limit,
    (line) => {
      dropped.push(line);
      return reply;
    },
    (line) => notJson.push(line),
  );
  limiter.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
  const ended = new Promise<void>((resolve) => limiter.on("end", resolve));
  for (const chunk of chunks) limiter.write(Buffer.from(chunk));
  limiter.end();
  return ended.then(() => ({ out, dropped, notJson }));
}

describe("LineLimiter: only whole lines within the limit reach the SDK", () => {
  it("passes lines split across chunks whole, one at a time, and a last line the end of input ends", async () => {
    const { out, dropped } = await run(100, ['{"a":', '1}\n{"b":2}\n{"c"', ":3}"]);
    expect(out).toEqual(['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
    expect(dropped).toEqual([]);
  });

  it("passes on JSON only: says which line was not, drops blank lines quietly, and ignores a byte order mark at the start only", async () => {
    const bom = "\uFEFF";
    const { out, notJson } = await run(100, [`${bom}{"a":1}\n\r\n  \nnope\n`, `${bom}{"b":2}\n`]);
    expect(out).toEqual(['{"a":1}\n']);
    expect(notJson).toEqual([
      { bytes: 5, start: "nope" },
      { bytes: 11, start: `${bom}{"b":2}` },
    ]);
  });

  it("drops a line over the limit as it streams, says what it was, and keeps the next line", async () => {
    const big = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${"z".repeat(50)}"}}`;
    const { out, dropped } = await run(40, [big.slice(0, 30), big.slice(30), '\n{"ok":1}\n']);
    expect(out).toEqual(['{"ok":1}\n']);
    expect(dropped).toEqual([{ bytes: big.length + 1, id: 7, kind: "request" }]);
  });

  it("reads a response by its result, with a string id, and puts the replacement in its place", async () => {
    const big = `{"jsonrpc":"2.0","id":"r-1","result":{"content":"${"z".repeat(80)}"}}\n`;
    const { out, dropped } = await run(40, [big, "{}\n"], "REPLACED\n");
    expect(dropped[0]).toMatchObject({ id: "r-1", kind: "response" });
    expect(out).toEqual(["REPLACED\n", "{}\n"]);
  });

  it("names no id it cannot find at the top level", async () => {
    const big = `{"params":{"id":3,"x":"${"z".repeat(80)}"},"method":"m"}\n`;
    const { dropped } = await run(40, [big]);
    expect(dropped[0]).toMatchObject({ id: null });
  });
});
