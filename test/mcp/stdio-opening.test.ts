import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { serveAskUserStdio } from "../../src/mcp/serve.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { systemClock } from "../../src/tui/clock.ts";
import { Changes, waitFor, watchedArray } from "../support/wait-for.ts";
import { initializeRequest } from "./initialize-request.ts";

function initialize(id: number, name: string): string {
  return `${JSON.stringify(initializeRequest({ id, name }))}\n`;
}

/** askuser's stdio server over in-process pipes; resolves once its input has ended and it stopped. */
function serveOverPipes() {
  const input = new PassThrough();
  const output = new PassThrough();
  const changes = new Changes();
  const replies: Record<string, unknown>[] = watchedArray(changes);
  const stderr: string[] = watchedArray(changes);
  let pending = "";
  output.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
      replies.push(JSON.parse(pending.slice(0, end)) as Record<string, unknown>);
      pending = pending.slice(end + 1);
    }
  });
  const served = serveAskUserStdio({
    streams: { input, output },
    version: "test",
    settings: async () => DEFAULT_SETTINGS,
    page: () => undefined,
    clock: systemClock,
    report: (line) => stderr.push(line),
    runCommand: async () => ({ ok: true }),
  });
  const reply = (id: number) =>
    waitFor(`the reply to ${id}`, changes, () => replies.find((message) => message.id === id), {
      seen: () => JSON.stringify(replies),
    });
  return { input, replies, stderr, served, reply };
}

describe("askuser mcp's opening, as a hostile client writes it", () => {
  it("answers an initialize that arrives a byte at a time, a character split across writes", async () => {
    const server = serveOverPipes();
    const bytes = Buffer.from(initialize(0, "é🚀 client"));
    for (const byte of bytes) server.input.write(Buffer.of(byte));
    expect(await server.reply(0)).toMatchObject({ result: { serverInfo: { name: "askuser" } } });
    server.input.end();
    await server.served;
    expect(server.stderr).toEqual([]);
  });

  it("answers initialize sent twice, once each, with the same result", async () => {
    const server = serveOverPipes();
    server.input.write(initialize(0, "first") + initialize(1, "second"));
    const [first, second] = [await server.reply(0), await server.reply(1)];
    expect(second.result).toEqual(first.result);
    server.input.end();
    await server.served;
    expect(server.replies).toHaveLength(2);
  });

  it("answers an initialize whose line the end of input ends, in the same write", async () => {
    const server = serveOverPipes();
    server.input.end(initialize(0, "no line end").trimEnd());
    await server.served;
    expect(server.replies).toMatchObject([{ id: 0, result: { serverInfo: { name: "askuser" } } }]);
  });

  it("refuses an initialize over 10 MiB with an error for its id, and answers the next one", async () => {
    const server = serveOverPipes();
    server.input.write(initialize(0, "x".repeat(11 * 1024 * 1024)) + initialize(1, "small"));
    expect(await server.reply(0)).toMatchObject({ error: { code: -32600 } });
    expect(await server.reply(1)).toMatchObject({ result: { serverInfo: { name: "askuser" } } });
    expect(server.stderr).toEqual([
      expect.stringMatching(/over askuser mcp's limit .* \(id 0\)$/u),
    ]);
    server.input.end();
    await server.served;
  });

  it("answers an initialize after a byte order mark at the start of its input", async () => {
    const server = serveOverPipes();
    server.input.end(`\uFEFF${initialize(0, "bom")}`);
    await server.served;
    expect(server.replies).toMatchObject([{ id: 0, result: { serverInfo: { name: "askuser" } } }]);
    expect(server.stderr).toEqual([]);
  });

  it("says on stderr which line was not JSON instead of ignoring it without a word, and goes on", async () => {
    const server = serveOverPipes();
    server.input.write(`hello\n\n{"jsonrpc":"2.0","id":9,"method":\n${initialize(0, "after")}`);
    expect(await server.reply(0)).toMatchObject({ result: { serverInfo: { name: "askuser" } } });
    server.input.end();
    await server.served;
    expect(server.stderr).toEqual([
      'askuser mcp: a line of 6 bytes on standard input is not JSON, so nothing in it was read: "hello"',
      'askuser mcp: a line of 34 bytes on standard input is not JSON, so nothing in it was read: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":9,\\"method\\":"',
    ]);
  });

  it("stops without a word when its input is closed before anything was sent", async () => {
    const server = serveOverPipes();
    server.input.end();
    await server.served;
    expect(server.replies).toEqual([]);
    expect(server.stderr).toEqual([]);
  });
});
