import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { serveAskUserStdio } from "../../src/mcp/serve.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { systemClock } from "../../src/tui/clock.ts";
import { ASK, FakePage } from "../remote/race-hosts.ts";
import { initializeRequest } from "./initialize-request.ts";

/**
 * askuser mcp tells the page that took an answer "delivered" only once the tool result carrying
 * it was handed to the OS, whole: the write's callback, not the write returning. Here standard
 * output holds the result's write until the test completes it or fails it as a closed pipe does.
 */
function serveWithHeldResult() {
  const input = new PassThrough();
  let held: (done: (error?: Error) => void) => void = () => {};
  const resultWrite = new Promise<(error?: Error) => void>((resolve) => (held = resolve));
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString("utf8");
      if (text.includes('"result"') && text.includes('"id":1')) held(done);
      else done();
    },
  });
  const page = new FakePage();
  const served = serveAskUserStdio({
    streams: { input, output },
    version: "test",
    settings: async () => DEFAULT_SETTINGS,
    page: () => ({ publish: async () => page.copy }),
    clock: systemClock,
    report: () => {},
    runCommand: async () => ({ ok: true }),
  });
  const send = (message: unknown) => input.write(`${JSON.stringify(message)}\n`);
  send(initializeRequest());
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "ask_user", arguments: ASK },
  });
  return { input, page, served, resultWrite };
}

describe("askuser mcp reports a page's answer as delivered once its result was written", () => {
  it("the result's write completes: delivered", async () => {
    const { input, page, served, resultWrite } = serveWithHeldResult();
    await page.attached.wait;
    page.answer();
    (await resultWrite)();
    await page.reported.wait;
    expect(page.deliveries).toEqual(["delivered"]);
    input.end();
    await served;
  });

  it("the result's write fails after it was made (the client closed the pipe): lost, never delivered", async () => {
    const { page, served, resultWrite } = serveWithHeldResult();
    await page.attached.wait;
    page.answer();
    (await resultWrite)(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    await page.reported.wait;
    expect(page.deliveries).toEqual(["lost"]);
    // The failed write closed the connection.
    await served;
  });
});
