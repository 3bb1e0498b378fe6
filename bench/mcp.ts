/**
 * npm run bench:mcp: what `askuser mcp` costs, beside an empty SDK server in the same run.
 *
 * - start: spawning the server to its answer to `initialize` (the built package; the empty
 *   server is bench/mcp-empty-server.ts started the same way);
 * - overhead per ask, in process: the client sending `tools/call` to its `elicitation/create`
 *   handler being called, in both protocol eras (2025: the server's request; 2026-07-28: the
 *   input-required result, then the SDK client's own handler). askuser's figure includes
 *   validating the ask, reading the settings file and building the form.
 *
 * `--against <dir>` adds the starts of another built package (a checkout of an older commit,
 * built with `node scripts/build.ts`), interleaved with this one's: a before and after in one
 * run, compared by CPU time, which a loaded machine stretches far less than wall time.
 *
 * Figures are printed, never asserted.
 */
import { spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { settingsForAsk } from "../src/cli/user-settings.ts";
import { createAskServer } from "../src/mcp/server.ts";
import { systemClock } from "../src/tui/clock.ts";
import { benchTempDir } from "./cleanup.ts";
import { emptyServer } from "./mcp-empty-server.ts";
import { benchOptions } from "./options.ts";

const { against } = benchOptions(
  `usage: node bench/mcp.ts [--against <dir>]   (npm run bench:mcp -- [--against <dir>])
  --against <dir>  also time the starts of another built package (a checkout built with
                   node scripts/build.ts), interleaved with this one's`,
  { against: { type: "string" } },
);

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const START_RUNS = 21;
const ASK_RUNS = 300;
const WARMUP = 20;
/** An empty folder for a settings file that is never there: askuser runs on its defaults. */
const work = benchTempDir("askuser-bench-mcp-");
const env = { ...process.env, ASKUSER_CONFIG: join(work, "settings.json") };

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "bench", version: "1" },
  },
})}\n`;

/** The children's line of the shell's `times`: "0m0.150s 0m0.030s". */
const TIMES_LINE = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/gu;

interface Start {
  /** Milliseconds from spawning to the answer to `initialize`. */
  readonly wall: number;
  /** CPU milliseconds (user + system) of the whole run: load stretches it far less. */
  readonly cpu: number;
}

/** One start, run by a shell whose `times` gives the server's CPU time after it exits. */
function startOnce(args: readonly string[]): Promise<Start> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("bash", ["-c", '"$@"; times >&2', "bash", process.execPath, ...args], {
      cwd: ROOT,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let errors = "";
    let wall: number | undefined;
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      errors += chunk;
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (wall === undefined && output.includes('"id":0')) {
        wall = Number(process.hrtime.bigint() - started) / 1e6;
        child.stdin.end();
      }
    });
    child.on("exit", () => {
      const times = [...errors.matchAll(TIMES_LINE)].at(-1);
      if (wall === undefined || !times) {
        reject(new Error(`${args.join(" ")}: no answer to initialize\n${errors}`));
        return;
      }
      const [, um, us, sm, ss] = times.map(Number);
      const cpu = ((um ?? 0) * 60 + (us ?? 0) + (sm ?? 0) * 60 + (ss ?? 0)) * 1000;
      resolve({ wall, cpu });
    });
    child.on("error", reject);
    child.stdin.write(INITIALIZE);
  });
}

/** Node answering the first line it reads: the floor under any server's start. */
const NODE_ANSWERS = [
  "-e",
  `process.stdin.once("data", () => process.stdout.write('{"jsonrpc":"2.0","id":0,"result":{}}\\n'))`,
];

async function askOverhead(
  factory: () => Server,
  era: "legacy" | "auto",
  args: unknown,
  name: string,
): Promise<number[]> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(factory, { transport: serverSide });
  const client = new Client(
    { name: "bench", version: "1" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: era } },
  );
  let sentAt = 0n;
  const times: number[] = [];
  client.setRequestHandler("elicitation/create", async () => {
    times.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
    return { action: "cancel" };
  });
  await client.connect(clientSide);
  for (let run = 0; run < WARMUP + ASK_RUNS; run += 1) {
    sentAt = process.hrtime.bigint();
    await client.callTool({ name, arguments: args as Record<string, unknown> });
  }
  await client.close();
  await handle.close();
  return times.slice(WARMUP);
}

function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)}, min ${at(0).toFixed(2)}`;
}

const ASK = JSON.parse(
  await (await import("node:fs/promises")).readFile(
    join(ROOT, "examples/release-plan.json"),
    "utf8",
  ),
) as unknown;
const askServer = () =>
  createAskServer({
    version: "bench",
    settings: () => settingsForAsk({ env, cwd: ROOT }, process.stderr),
    page: () => undefined,
    clock: systemClock,
    // The bench's client dismisses every form at once, and askuser reports each such form as
    // dismissed before anyone could read it: expected here, one line per ask, so not printed.
    report: () => {},
    runCommand: async () => ({ ok: true }),
    resultWritten: async () => {},
  });

console.log(
  `Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const STARTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["node -e (answers one line)", NODE_ANSWERS],
  ["askuser mcp (built)", ["bin/askuser.js", "mcp"]],
  ...(against === undefined
    ? []
    : [["askuser mcp (--against)", [join(resolve(against), "bin/askuser.js"), "mcp"]] as const]),
  ["empty SDK server", ["bench/mcp-empty-server.ts"]],
];
const starts = STARTS.map(() => [] as Start[]);
for (let run = 0; run < START_RUNS + 2; run += 1) {
  for (const [at, [, args]] of STARTS.entries()) {
    const start = await startOnce(args);
    if (run >= 2) starts[at]?.push(start);
  }
}
console.log("\nstart to initialize answered (wall; CPU of the whole run)");
for (const [at, [label]] of STARTS.entries()) {
  const runs = starts[at] ?? [];
  const cpu = summary(runs.map((start) => start.cpu)).split(",")[0];
  console.log(`  ${label.padEnd(28)} ${summary(runs.map((start) => start.wall))}; CPU ${cpu}`);
}
console.log(
  `  load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} after the starts; goal: askuser ≤ 150 ms median at load ≤ 1`,
);

console.log("\ntools/call to elicitation/create, in process (release-plan.json: 3 questions)");
for (const era of ["legacy", "auto"] as const) {
  const label = era === "legacy" ? "2025-11-25" : "2026-07-28";
  const mine = await askOverhead(askServer, era, ASK, "ask_user");
  const empty = await askOverhead(emptyServer, era, {}, "ask");
  console.log(`  ${label} askuser           ${summary(mine)}`);
  console.log(`  ${label} empty SDK server  ${summary(empty)}`);
}
