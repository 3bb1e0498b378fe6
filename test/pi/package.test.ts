import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripTerminalSequences } from "@earendil-works/pi-tui";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeRequest } from "../mcp/initialize-request.ts";
import { PACKAGE } from "../support/run-cli.ts";
import { TmuxSession } from "../support/tmux.ts";
import { activeTools, askResults, PI_CLI, PiSandbox, REPO_ROOT, textOf } from "./helpers/pi-run.ts";
import { type Exited, runToExit } from "./helpers/run-to-exit.ts";

const ASK = {
  questions: [
    { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
  ],
};

interface PackResult {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

let packDir: string;
let tarball: string;
let packed: PackResult;
const sandboxes: PiSandbox[] = [];

/** A fresh agent dir per test: an installed package must not meet a -e copy of itself. */
function freshSandbox(): PiSandbox {
  const sandbox = new PiSandbox([
    { toolCall: { name: "ask_user", arguments: ASK } },
    { text: "Done." },
  ]);
  sandboxes.push(sandbox);
  return sandbox;
}

beforeAll(() => {
  packDir = mkdtempSync(join(tmpdir(), "askuser-pack-"));
  // The run's copy of the package, which the slow project's setup built with the prepack build:
  // packed as it is, the tarball is what a user would install, without building it twice.
  const output = execFileSync(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir],
    { cwd: PACKAGE, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const [result] = JSON.parse(output) as PackResult[];
  if (!result) throw new Error(`npm pack printed no result: ${output}`);
  packed = result;
  tarball = join(packDir, result.filename);
});

afterAll(() => {
  for (const sandbox of sandboxes) sandbox.dispose();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

let installed: Promise<{ sandbox: PiSandbox; install: Exited }> | undefined;

/**
 * The tarball installed once with `pi install npm:…` into a fresh agent dir, for the tests that
 * start Pi on an installed package: the npm install is most of their time, and each only reads
 * what it left (each start of Pi gets its own copy of the faux model's script).
 */
function installedOnce() {
  installed ??= (async () => {
    const sandbox = freshSandbox();
    const install = await runToExit(
      process.execPath,
      [PI_CLI, "install", `npm:askuser@file:${tarball}`],
      { env: sandbox.env, cwd: sandbox.dir, timeoutMs: 60_000 },
    );
    return { sandbox, install };
  })();
  return installed;
}

/** Runs pi -p with the faux model; true when ask_user was offered and answered "unavailable". */
async function askUserLoaded(
  sandbox: PiSandbox,
  extensions: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ loaded: boolean; stderr: string }> {
  const run = await runToExit(process.execPath, sandbox.piArgs(extensions, "-p", "hello"), {
    env: { ...sandbox.env, ...env },
    cwd: sandbox.dir,
  });
  expect(run.code, run.stderr).toBe(0);
  const requests = sandbox.requests();
  const first = requests.at(-2);
  const [result] = askResults(requests.at(-1));
  return {
    loaded: activeTools(first).includes("ask_user") && result?.details !== undefined,
    stderr: run.stderr,
  };
}

/** A setup line of docs/mcp.md's table `heading` for a client, with the placeholders made real. */
function setupLine(heading: string, client: string): string {
  const doc = readFileSync(join(REPO_ROOT, "docs", "mcp.md"), "utf8");
  const table = doc.slice(doc.indexOf(heading));
  const row = table.split("\n").find((line) => line.startsWith(`| ${client} `)) ?? "";
  const command = /`claude mcp add askuser -- ([^`]+)`/u.exec(row)?.[1];
  if (command === undefined) throw new Error(`no ${client} line after ${heading}`);
  return command
    .replace("/path/to/askuser-0.1.0.tgz", tarball)
    .replace("/path/to/askuser/", `${REPO_ROOT.replace(/\/$/u, "")}/`);
}

/**
 * Starts an MCP server command line as a client would (its own directory, a shell), sends
 * `initialize`, and resolves with the server's name once it answers; then closes its input.
 */
function initializeOver(
  line: string,
  cwd: string,
): Promise<{ name: unknown; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", line], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let name: unknown;
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const reply = stdout.split("\n").find((text) => text.includes('"serverInfo"'));
      if (reply === undefined || name !== undefined) return;
      name = (JSON.parse(reply) as { result: { serverInfo: { name: unknown } } }).result.serverInfo
        .name;
      child.stdin.end();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      name === undefined
        ? reject(new Error(`${line}: no answer (${code}): ${stderr}`))
        : resolve({ name, code }),
    );
    const initialize = initializeRequest({
      id: 1,
      name: "setup-line-test",
      protocolVersion: "2025-06-18",
    });
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
  });
}

describe("the setup lines of docs/mcp.md before askuser is on npm", () => {
  it("from a tarball: npx -y --package <tarball> askuser mcp answers initialize", async () => {
    const line = setupLine("From a tarball", "Claude Code");
    expect(line).toContain(tarball);
    const cwd = mkdtempSync(join(tmpdir(), "askuser-tarball-line-"));
    try {
      expect(await initializeOver(line, cwd)).toEqual({ name: "askuser", code: 0 });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("from a checkout: node <checkout>/bin/askuser.js mcp answers initialize", async () => {
    const line = setupLine("From a checkout", "Claude Code");
    const cwd = mkdtempSync(join(tmpdir(), "askuser-checkout-line-"));
    try {
      expect(await initializeOver(line.replace(/^node /u, `"${process.execPath}" `), cwd)).toEqual({
        name: "askuser",
        code: 0,
      });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe("the packed package", () => {
  it("ships the Pi entry, the built extension and CLI, the source and the examples, and no tests", () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "package.json",
        "bin/askuser.js",
        "dist/cli/process.js",
        "pi/extension.js",
        "pi/package.json",
        "dist/pi/extension.js",
        "dist/pi/host.js",
        "src/pi/extension.ts",
        "src/core/index.ts",
        "examples/release-plan.json",
      ]),
    );
    expect(paths.filter((path) => path.startsWith("test/"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.keywords).toContain("pi-package");
    expect(manifest.dependencies).toBeUndefined();
  });

  it("pi install npm:… into a fresh agent dir loads it, without host-package warnings", async () => {
    const { sandbox, install } = await installedOnce();
    expect(install.code, install.stderr).toBe(0);
    // npm warns of every install or prepare script of a package installed from a file or git;
    // askuser's build runs in its own checkout only, so there is nothing to allow.
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/allowScripts|install scripts/iu);
    const { loaded, stderr } = await askUserLoaded(sandbox, []);
    expect(loaded).toBe(true);
    expect(stderr).not.toMatch(/peerDependencies|Failed to load extension/u);
  });

  it("an installed package's first start transpiles only its small entry, not the source", async () => {
    const { sandbox, install } = await installedOnce();
    expect(install.code, install.stderr).toBe(0);
    // An empty temp dir: Pi's loader keeps its transpile cache there, so nothing is cached yet
    // (a start of the other test used the usual one).
    const emptyTmp = mkdtempSync(join(sandbox.dir, "tmp-"));
    const { loaded, stderr } = await askUserLoaded(sandbox, [], {
      JITI_DEBUG: "1",
      TMPDIR: emptyTmp,
    });
    expect(loaded).toBe(true);
    const transpiled = transpiledFiles(stderr).filter((path) => !path.endsWith("faux-provider.ts"));
    expect(transpiled).toHaveLength(1);
    expect(transpiled[0]).toMatch(/node_modules\/askuser\/pi\/extension\.js$/u);
  });

  it("pi -e on the unpacked package loads it", async () => {
    const sandbox = freshSandbox();
    const unpacked = join(sandbox.dir, "unpacked");
    mkdirSync(unpacked);
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
    const { loaded, stderr } = await askUserLoaded(sandbox, [join(unpacked, "package")]);
    expect(stderr).not.toMatch(/peerDependencies|Failed to load extension/u);
    expect(loaded).toBe(true);
  });

  it("pi -e ./ on the checkout loads it through the manifest", async () => {
    const sandbox = freshSandbox();
    const run = await runToExit(process.execPath, sandbox.piArgs(["./"], "-p", "hello"), {
      env: sandbox.env,
      cwd: PACKAGE,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(activeTools(sandbox.requests()[0])).toContain("ask_user");
  });

  it("the built bundle's form opens in Pi's TUI, and the answer reaches the model", async () => {
    const sandbox = freshSandbox();
    const env: Record<string, string> = { TERM: "xterm-256color" };
    for (const [key, value] of Object.entries(sandbox.env)) {
      if (key.startsWith("PI_") || key.startsWith("ASKUSER_")) env[key] = value ?? "";
    }
    // A checkout's manifest entry; the run's copy of the package is built, so it loads the bundle.
    const tmux = TmuxSession.start([process.execPath, ...sandbox.piArgs([PACKAGE])], {
      env,
      cwd: sandbox.dir,
    });
    try {
      await tmux.waitFor("[Extensions]");
      tmux.text("Pick a database");
      tmux.keys("Enter");
      await tmux.waitFor("❯ 1. ○ Postgres");
      tmux.keys("Down", "Enter");
      await tmux.waitFor("Done.");
    } finally {
      tmux.close();
    }
    const [result] = askResults(sandbox.requests()[1]);
    expect(textOf(result)).toBe('The user answered:\n"Which database?" = "SQLite"');
    // The settings code found Pi's agent dir through Pi's own pi-coding-agent.
    expect(existsSync(join(sandbox.agentDir, "askuser.json"))).toBe(true);
  });

  it("pi -e on a checkout without dist/ loads the TypeScript source", async () => {
    const sandbox = freshSandbox();
    const checkout = join(sandbox.dir, "unbuilt");
    mkdirSync(checkout);
    cpSync(join(REPO_ROOT, "pi"), join(checkout, "pi"), { recursive: true });
    for (const name of ["src", "node_modules", "package.json"]) {
      symlinkSync(join(REPO_ROOT, name), join(checkout, name));
    }
    const { loaded, stderr } = await askUserLoaded(sandbox, [checkout], { JITI_DEBUG: "1" });
    expect(stderr).not.toMatch(/Failed to load extension/u);
    expect(loaded).toBe(true);
    expect(transpiledFiles(stderr)).toEqual(
      expect.arrayContaining([expect.stringMatching(/src\/pi\/extension\.ts$/u)]),
    );
  });
});

/** The files Pi's loader transpiled, from its debug output (JITI_DEBUG=1). */
function transpiledFiles(debugOutput: string): string[] {
  return [...stripTerminalSequences(debugOutput).matchAll(/\[transpile\] \[\w+\] (\S+)/gu)].map(
    (match) => match[1] ?? "",
  );
}
