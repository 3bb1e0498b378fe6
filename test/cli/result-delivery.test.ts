import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { INPUT_FILE_LIMIT, readFileBounded } from "../../src/cli/bounded-read.ts";
import { decodeUtf8 } from "../../src/cli/decode-utf8.ts";
import type { CliIo } from "../../src/cli/io.ts";
import { runCommandLine } from "../../src/cli/main.ts";
import { safeStream } from "../../src/cli/output.ts";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { call, openEvents, startTestServer } from "../remote/support.ts";
import { nextEvent } from "../support/wait-for.ts";

/**
 * The result of `askuser ask` counts as given only once standard output took it: a write that
 * fails after `write()` returned (a pipe whose reader left: EPIPE) is a lost result, told on
 * standard error with exit 74, and the page that took the answer hears "lost", not "delivered".
 */
let server: (RunningServer & { env: Record<string, string> }) | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Standard output whose every write fails later, as a pipe with no reader does. */
function brokenPipe(): Writable {
  const stream = new Writable({
    write(_chunk, _encoding, done) {
      setImmediate(() => done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" })));
    },
  });
  // As the process wiring listens: the error goes to the write's callback too.
  stream.on("error", () => {});
  return stream;
}

function cliIo(stdout: Writable, env: Record<string, string | undefined>) {
  let stderr = "";
  const io: CliIo = {
    stdout,
    stderr: { write: (text: string) => (stderr += text) },
    readText: async (path) => decodeUtf8(await readFileBounded(path, INPUT_FILE_LIMIT)),
    readStdin: async () => "",
    interactive: false,
    env,
  };
  return { io, stderr: () => stderr };
}

const LOST =
  "askuser: cannot write to standard output: its reader closed it (EPIPE); the output is incomplete\n";

describe("a result standard output did not take", () => {
  it("askuser ask --answers into a broken pipe: exit 74 and stderr says why", async () => {
    const { io, stderr } = cliIo(brokenPipe(), { NO_COLOR: "1" });
    const code = await runCommandLine(
      ["ask", "examples/release-plan.json", "--answers", "examples/release-plan.answers.json"],
      io,
      "0.0.0-test",
    );
    expect({ code, stderr: stderr() }).toEqual({ code: 74, stderr: LOST });
  });

  it("askuser ask --remote into a broken pipe: the page hears lost, never delivered", async () => {
    server = await startTestServer();
    const live = server;
    const { io, stderr } = cliIo(brokenPipe(), { ...live.env, NO_COLOR: "1" });
    const opened = nextEvent(
      "the ask published",
      (listener) => live.registry.subscribe(listener),
      (event: RegistryEvent) => event.type === "opened" && event.askId,
    );
    const running = runCommandLine(
      ["ask", "examples/release-plan.json", "--remote"],
      io,
      "0.0.0-test",
    );
    const id = await opened;
    const events = await openEvents(live);
    await call(live, `/api/asks/${id}/answer`, { body: { features: ["Refunds"] } });
    expect(await running).toBe(74);
    const delivery = await events.next("the delivery report", (e) => e.event === "delivery");
    expect(delivery.data).toEqual({ id, delivery: "lost" });
    expect(stderr()).toContain(LOST);
    events.close();
  });
});

describe("SafeStream.flushed", () => {
  it("waits for the write's callback, not for write() to return", async () => {
    const callbacks: ((error?: Error | null) => void)[] = [];
    let wrote: () => void = () => {};
    const writing = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const raw = new Writable({
      write(_chunk, _encoding, done) {
        callbacks.push(done);
        wrote();
      },
    });
    const out = safeStream(raw);
    out.write("the result\n");
    let flushed = false;
    const waiting = out.flushed().then(() => {
      flushed = true;
    });
    await writing;
    expect(flushed).toBe(false);
    callbacks.shift()?.();
    await waiting;
    expect(flushed).toBe(true);
  });

  it("a capture without callbacks has taken the text when write returns", async () => {
    let text = "";
    const out = safeStream({ write: (chunk: string) => (text += chunk) });
    out.write("x\n");
    await out.flushed();
    expect(text).toBe("x\n");
  });
});
