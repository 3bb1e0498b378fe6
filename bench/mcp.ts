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
 * Figures are printed, never asserted.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { settingsForAsk } from "../src/cli/user-settings.ts";
import { createAskServer } from "../src/mcp/server.ts";
import { systemClock } from "../src/tui/clock.ts";
import { emptyServer } from "./mcp-empty-server.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const START_RUNS = 21;
const ASK_RUNS = 300;
const WARMUP = 20;
const env = {
  ...process.env,
  ASKUSER_CONFIG: join(mkdtempSync(join(tmpdir(), "askuser-bench-mcp-")), "settings.json"),
};

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

function startOnce(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.includes('"id":0')) {
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        child.stdin.end();
        child.on("exit", () => resolve(elapsed));
      }
    });
    child.on("error", reject);
    child.stdin.write(INITIALIZE);
  });
}

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
    report: (line) => process.stderr.write(`${line}\n`),
    runCommand: async () => ({ ok: true }),
  });

console.log(
  `Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const starts: Record<string, number[]> = { "askuser mcp (built)": [], "empty SDK server": [] };
for (let run = 0; run < START_RUNS + 2; run += 1) {
  const mine = await startOnce(["bin/askuser.js", "mcp"]);
  const empty = await startOnce(["bench/mcp-empty-server.ts"]);
  if (run < 2) continue;
  starts["askuser mcp (built)"]?.push(mine);
  starts["empty SDK server"]?.push(empty);
}
console.log("\nstart to initialize answered");
for (const [label, values] of Object.entries(starts))
  console.log(`  ${label.padEnd(24)} ${summary(values)}`);

console.log("\ntools/call to elicitation/create, in process (release-plan.json: 3 questions)");
for (const era of ["legacy", "auto"] as const) {
  const label = era === "legacy" ? "2025-11-25" : "2026-07-28";
  const mine = await askOverhead(askServer, era, ASK, "ask_user");
  const empty = await askOverhead(emptyServer, era, {}, "ask");
  console.log(`  ${label} askuser           ${summary(mine)}`);
  console.log(`  ${label} empty SDK server  ${summary(empty)}`);
}
