import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { NATIVE_INPUT } from "../claude-code/native-fixtures.ts";
import { askCall, initialize, startRawServer } from "../mcp/stdio-process.ts";
import { SINGLE } from "../support/asks.ts";
import { BIN } from "../support/run-cli.ts";
import { nextEvent } from "../support/wait-for.ts";
import { call, startProcess, startTestServer, stopProcesses } from "./support.ts";

/**
 * The one delivery rule of the hosts whose agent reads the result from a stream
 * (src/remote/written-result.ts), as one table run against each: the page that took the answer
 * hears "delivered" only once the bytes carrying the result were handed to the OS. A reader
 * that closed the pipe fails the write after it was made (EPIPE), and then the page hears
 * "lost", whether the pipe was closed before the result or while it was being written.
 */
interface Asking {
  readonly child: ChildProcess;
  /** Whether a chunk read from standard output holds the start of the result. */
  readonly resultStarts: (chunk: string) => boolean;
  /** Standard output once the host is done: what the agent read. */
  readonly output: () => Promise<string>;
  readonly exited: Promise<number | null>;
  readonly stderr: () => string;
}

interface StreamHost {
  readonly name: string;
  /** The host asks with the answer page on (`env` finds the test's server and the settings). */
  start(env: Record<string, string>): Asking;
  /** The body of an answer whose free text is `other`. */
  answer(other: string): Record<string, unknown>;
  /**
   * Its exit code when its result was lost: askuser ask's is 74, said on stderr; askuser mcp and
   * the hook end with 0, as nobody is left to read it (the client, Claude Code, closed the pipe).
   */
  readonly lostExit: number;
}

/** What a lost result leaves besides the page's word: exit 74 and one line on stderr. */
const LOST_LINE =
  "askuser: cannot write to standard output: its reader closed it (EPIPE); the output is incomplete\n";

function processAsking(started: ReturnType<typeof startProcess>, resultStarts = () => true) {
  return {
    child: started.child,
    resultStarts,
    output: async () => {
      await started.exited;
      return started.out();
    },
    exited: started.exited,
    stderr: started.err,
  };
}

const HOSTS: readonly StreamHost[] = [
  {
    name: "askuser ask --remote",
    start: (env) =>
      processAsking(startProcess([BIN, "ask", "examples/release-plan.json", "--remote"], env)),
    answer: (other) => ({ features: ["Refunds"], api: { other } }),
    lostExit: 74,
  },
  {
    name: "askuser mcp",
    start(env) {
      const raw = startRawServer(env);
      spawned.push(raw.child);
      void initialize(raw, { forms: false }).then(() => raw.send(askCall(1, SINGLE)));
      return {
        child: raw.child,
        // Its result follows the opening's: the start of the call's result is the one that counts.
        resultStarts: (chunk) => chunk.includes('{"result"') && !chunk.includes('"id":0'),
        output: async () => {
          await raw.next("the result", (message) => message.id === 1);
          return raw.stdoutText();
        },
        exited: raw.exited(),
        stderr: raw.stderrText,
      };
    },
    answer: (other) => ({ q1: { other } }),
    lostExit: 0,
  },
  {
    name: "askuser claude-code (the AskUserQuestion hook)",
    start(env) {
      const hook = startProcess([BIN, "claude-code", "PermissionRequest"], env, {
        stdin: JSON.stringify({
          session_id: "session-1",
          transcript_path: "/nowhere.jsonl",
          cwd: "/project",
          hook_event_name: "PermissionRequest",
          tool_name: "AskUserQuestion",
          tool_input: NATIVE_INPUT,
        }),
      });
      return processAsking(hook);
    },
    answer: (other) => ({ q1: { other }, q2: ["Auth"] }),
    lostExit: 0,
  },
];

const spawned: ChildProcess[] = [];
let server: (RunningServer & { env: Record<string, string> }) | undefined;
afterEach(async () => {
  stopProcesses();
  for (const child of spawned.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await server?.stop();
  server = undefined;
});

/** The host started against a server in this process; resolves once its ask is on the page. */
async function asking(host: StreamHost) {
  server = await startTestServer();
  const running = server;
  const config = join(running.env.XDG_RUNTIME_DIR ?? "", "settings.json");
  writeFileSync(config, JSON.stringify({ remote: true }));
  const opened = nextEvent(
    "the ask published",
    (listener) => running.registry.subscribe(listener),
    (event: RegistryEvent) => event.type === "opened" && event.askId,
  );
  const started = host.start({ ...running.env, ASKUSER_CONFIG: config });
  const id = await opened;
  const delivery = nextEvent(
    "the delivery report",
    (listener) => running.registry.subscribe(listener),
    (event: RegistryEvent) =>
      event.type === "delivery" && event.askId === id && event.data.delivery,
  );
  const answer = (other: string) =>
    call(running, `/api/asks/${id}/answer`, { body: host.answer(other) });
  return { ...started, running, id, delivery, answer };
}

/** More than the pipe and the reader's buffer hold, well under the page's 256 KiB body limit. */
const LONG = "x".repeat(240_000);

describe.each(HOSTS)("$name: the page hears delivered only once the result was written", (host) => {
  it("the agent read the whole result: delivered", async () => {
    const ask = await asking(host);
    expect((await ask.answer(LONG)).status).toBe(200);
    expect(await ask.output()).toContain(LONG);
    expect(await ask.delivery).toBe("delivered");
  });

  it("the reader closed standard output before the result: lost", async () => {
    const ask = await asking(host);
    ask.child.stdout?.destroy();
    await ask.answer("JSON-RPC");
    expect(await ask.delivery).toBe("lost");
    expect(await ask.exited).toBe(host.lostExit);
    if (host.lostExit === 74) expect(ask.stderr()).toContain(LOST_LINE);
  });

  it("the reader left while the result was still being written: lost", async () => {
    const ask = await asking(host);
    // The reader takes the result's start and closes the pipe: the rest of the write, made
    // long before, fails (EPIPE) once the pipe is closed.
    const stdout = ask.child.stdout;
    stdout?.on("data", (chunk: Buffer | string) => {
      if (ask.resultStarts(String(chunk))) stdout.destroy();
    });
    await ask.answer(LONG);
    expect(await ask.delivery).toBe("lost");
    await ask.exited;
    // The report is the page's last word on the ask: nothing says delivered after it.
    expect(ask.running.registry.get(ask.id)?.delivery).toBe("lost");
  });
});
