/**
 * npm run bench:remote: an answer's round trip through the answer server, beside a bare node:http
 * echo server in the same run. Figures are printed, never asserted: machines differ.
 *
 * The server runs as its own process (`askuser serve`, the built package) with 100 pending asks.
 * This process is the asking agent (publishAsk, as every surface uses it) and the page at once:
 * a round trip starts when it sends `POST /api/asks/{id}/answer` and ends when that ask's
 * `ended` resolves here, from the agent's own stream. Each answered ask is replaced by a new one,
 * so 100 stay pending throughout. The echo baseline is one POST and its response, over the same
 * kind of kept-alive connection to a server process of its own.
 *
 * It also prints the page's transfer size (every file `GET /` loads), once the page is built.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { validateAskInput } from "../src/core/index.ts";
import { publishAsk, type RemoteAsk } from "../src/remote/client.ts";
import { readServerInfo, type ServerInfo } from "../src/remote/discovery.ts";
import { atExit, benchTempDir } from "./cleanup.ts";
import { benchOptions } from "./options.ts";
import { PAGE_GOAL_BYTES, pageSizes } from "./page-size.ts";

benchOptions("usage: node bench/remote.ts   (npm run bench:remote; no options)", {});

const PENDING = 100;
const WARMUP = 100;
const RUNS = 1000;
const root = new URL("..", import.meta.url).pathname;
const ask = (() => {
  const validation = validateAskInput({
    questions: [
      {
        id: "db",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
    ],
  });
  if (!validation.ok) throw new Error("the bench payload is invalid");
  return validation.ask;
})();
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(
  where: { readonly host: string; readonly port: number } | { readonly socketPath: string },
  path: string,
  body: string,
  headers: Record<string, string>,
) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        ...where,
        path,
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: ServerInfo }> {
  const child = spawn(process.execPath, [join(root, "bin/askuser.js"), "serve"], {
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  // Stopped before its runtime dir goes, however the bench ends.
  atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const info = await readServerInfo(env).catch(() => undefined);
    if (info && info.pid === child.pid) return { child, info };
    if (Date.now() > deadline) throw new Error("askuser serve did not start");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function answerRoundTrips(info: ServerInfo, env: Record<string, string>): Promise<number[]> {
  const who = { agent: "bench", cwd: root, pid: process.pid };
  const pending: RemoteAsk[] = [];
  for (let i = 0; i < PENDING; i++) pending.push(await publishAsk(ask, who, { env }));
  const headers = { Host: "localhost", Authorization: `Bearer ${info.token}` };
  const body = JSON.stringify({ db: "SQLite" });
  const samples: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const remote = pending.shift();
    if (!remote) throw new Error("no pending ask");
    const started = performance.now();
    const status = await post(
      { socketPath: info.socket },
      `/api/asks/${remote.id}/answer`,
      body,
      headers,
    );
    const end = await remote.ended;
    const took = performance.now() - started;
    if (status !== 200 || end.kind !== "resolved")
      throw new Error(`round trip failed: ${status} ${end.kind}`);
    if (run >= WARMUP) samples.push(took);
    pending.push(await publishAsk(ask, who, { env }));
  }
  for (const remote of pending) await remote.withdraw("session_closed");
  return samples;
}

/** The baseline's server, in a process of its own as askuser serve is. */
const ECHO_SERVER = `
const { createServer } = require("node:http");
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

async function echoRoundTrips(): Promise<number[]> {
  const echo = spawn(process.execPath, ["-e", ECHO_SERVER], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  atExit(() => {
    if (echo.exitCode === null && echo.signalCode === null) echo.kill("SIGKILL");
  });
  const port = await new Promise<number>((resolve) => {
    echo.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString("utf8").trim())));
  });
  const body = JSON.stringify({ db: "SQLite" });
  const samples: number[] = [];
  try {
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      await post({ host: "127.0.0.1", port }, "/echo", body, {});
      if (run >= WARMUP) samples.push(performance.now() - started);
    }
  } finally {
    echo.kill();
  }
  return samples;
}

const dir = benchTempDir("askuser-bench-remote-");
const env = { XDG_RUNTIME_DIR: dir };
const { child, info } = await startServer(env);
try {
  const answer = percentiles(await answerRoundTrips(info, env));
  const echo = percentiles(await echoRoundTrips());
  console.log(
    `answer round trip, ${PENDING} pending asks, ${RUNS} runs (POST answer → the asking process's result):`,
  );
  console.log(
    `  p50 ${ms(answer.p50)}  p99 ${ms(answer.p99)}  max ${ms(answer.max)}  (goal p99 ≤ 5 ms)`,
  );
  console.log("bare node:http echo, same run (POST → response):");
  console.log(`  p50 ${ms(echo.p50)}  p99 ${ms(echo.p99)}  max ${ms(echo.max)}`);
  const sizes = await pageSizes();
  const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
  const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
  console.log(
    `page transfer size: ${raw} bytes raw, ${gzip} gzipped, over ${sizes.length} files (${sizes.map((size) => `${size.path} ${size.raw}/${size.gzip}`).join(", ")}; goal ≤ ${PAGE_GOAL_BYTES} B)`,
  );
} finally {
  child.kill("SIGTERM");
  agent.destroy();
  await new Promise((resolve) => child.on("exit", resolve));
}
