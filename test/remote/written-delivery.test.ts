import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { askCall, initialize, startRawServer } from "../mcp/stdio-process.ts";
import { SINGLE } from "../support/asks.ts";
import { BIN } from "../support/run-cli.ts";
import {
  askInLink,
  backgroundServer,
  call,
  openEvents,
  publishedAsk,
  type RunningServerLike,
  runtimeEnv,
  startProcess,
  stopBackgroundServer,
  stopProcesses,
  testDir,
} from "./support.ts";

/**
 * The one delivery rule of the hosts whose agent reads the result from a stream
 * (src/remote/written-result.ts), as one table run against each: the page that took the answer
 * hears "delivered" only once the bytes carrying the result were handed to the OS. A reader
 * that closed the pipe fails the write after it was made (EPIPE), and then the page hears
 * "lost", whether the pipe was closed before the result or while it was being written.
 */
interface Asking {
  readonly child: ChildProcess;
  readonly server: RunningServerLike;
  readonly id: string;
  /** Whether a chunk read from standard output holds the start of the result. */
  readonly resultStarts: (chunk: string) => boolean;
  /** The result as the agent read it (the whole of it). */
  readonly result: () => Promise<string>;
  readonly exited: Promise<number | null>;
  readonly stderr: () => string;
}

interface StreamHost {
  readonly name: string;
  /** The host asks with the answer page on, in `env`'s runtime dir; resolves once it is there. */
  start(env: Record<string, string>): Promise<Asking>;
  /** The body of an answer whose free text is `other`. */
  answer(other: string): Record<string, unknown>;
  /** What else a lost result leaves, where the host has it: its exit code, a line on stderr. */
  readonly lost?: { readonly exit: number; readonly stderr: string };
}

const CLI: StreamHost = {
  name: "askuser ask --remote",
  async start(env) {
    const ask = startProcess([BIN, "ask", "examples/release-plan.json", "--remote"], env);
    const { server, id } = await publishedAsk(ask, env);
    return {
      child: ask.child,
      server,
      id,
      // Nothing but the result is written there.
      resultStarts: () => true,
      result: async () => {
        await ask.exited;
        return ask.out();
      },
      exited: ask.exited,
      stderr: ask.err,
    };
  },
  answer: (other) => ({ features: ["Refunds"], api: { other } }),
  lost: {
    exit: 74,
    stderr:
      "askuser: cannot write to standard output: its reader closed it (EPIPE); the output is incomplete\n",
  },
};

const MCP: StreamHost = {
  name: "askuser mcp",
  async start(env) {
    const raw = startRawServer(env);
    spawned.push(raw.child);
    await initialize(raw, { forms: false });
    raw.send(askCall(1, SINGLE));
    const [, link = ""] = await raw.stderr.line(/answer at (\S+)/u, "the page link on stderr");
    return {
      child: raw.child,
      server: await backgroundServer(env),
      id: askInLink(link),
      resultStarts: (chunk) => chunk.includes('{"result"'),
      result: async () =>
        JSON.stringify(await raw.next("the result", (message) => message.id === 1)),
      exited: raw.exited(),
      stderr: raw.stderrText,
    };
  },
  answer: (other) => ({ q1: { other } }),
};

const HOSTS: readonly StreamHost[] = [CLI, MCP];

const spawned: ChildProcess[] = [];
const envs: Record<string, string>[] = [];
afterEach(async () => {
  stopProcesses();
  for (const child of spawned.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const env of envs.splice(0)) await stopBackgroundServer(env);
});

/** A runtime dir of its own and the remote setting on, for a host that reads its settings. */
function freshEnv(): Record<string, string> {
  const env = runtimeEnv();
  const dir = testDir("askuser-remote-settings-");
  writeFileSync(join(dir, "settings.json"), JSON.stringify({ remote: true }));
  env.ASKUSER_CONFIG = join(dir, "settings.json");
  envs.push(env);
  return env;
}

/** More than the pipe and the reader's buffer hold, well under the page's 256 KiB body limit. */
const LONG = "x".repeat(240_000);

describe.each(HOSTS)("$name: the page hears delivered only once the result was written", (host) => {
  it("the agent read the whole result: delivered", async () => {
    const asking = await host.start(freshEnv());
    const events = await openEvents(asking.server);
    await call(asking.server, `/api/asks/${asking.id}/answer`, { body: host.answer(LONG) });
    expect(await asking.result()).toContain(LONG);
    const delivery = await events.next("the delivery report", (e) => e.event === "delivery");
    expect(delivery.data).toEqual({ id: asking.id, delivery: "delivered" });
    events.close();
  });

  it("the reader closed standard output before the result: lost", async () => {
    const asking = await host.start(freshEnv());
    const events = await openEvents(asking.server);
    asking.child.stdout?.destroy();
    await call(asking.server, `/api/asks/${asking.id}/answer`, { body: host.answer("JSON-RPC") });
    const delivery = await events.next("the delivery report", (e) => e.event === "delivery");
    expect(delivery.data).toEqual({ id: asking.id, delivery: "lost" });
    const exit = await asking.exited;
    if (host.lost) {
      expect(exit).toBe(host.lost.exit);
      expect(asking.stderr()).toContain(host.lost.stderr);
    }
    events.close();
  });

  it("the reader left while the result was still being written: lost", async () => {
    const asking = await host.start(freshEnv());
    const events = await openEvents(asking.server);
    // The reader takes the result's start and closes the pipe: the rest of the write, made
    // long before, fails (EPIPE) once the pipe is closed.
    const stdout = asking.child.stdout;
    stdout?.on("data", (chunk: Buffer | string) => {
      if (asking.resultStarts(String(chunk))) stdout.destroy();
    });
    await call(asking.server, `/api/asks/${asking.id}/answer`, { body: host.answer(LONG) });
    const delivery = await events.next("the delivery report", (e) => e.event === "delivery");
    expect(delivery.data).toEqual({ id: asking.id, delivery: "lost" });
    const exit = await asking.exited;
    if (host.lost) {
      expect(exit).toBe(host.lost.exit);
      expect(asking.stderr()).toContain(host.lost.stderr);
    }
    // The report is the page's last word on the ask: nothing says delivered after it.
    expect((await call(asking.server, `/api/asks/${asking.id}`)).json).toMatchObject({
      delivery: "lost",
    });
    events.close();
  });
});
