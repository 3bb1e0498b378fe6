import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PI_CLI, REPO_ROOT } from "./helpers/pi-run.ts";

const PROBE = join(REPO_ROOT, "test/pi/fixtures/host-instance-probe.ts");
const work = mkdtempSync(join(tmpdir(), "askuser-pi-instances-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A global install's shape: `<prefix>/bin/pi` linking to `<prefix>/lib/node_modules/…/cli.js`. */
function globalLayout(): string {
  const prefix = join(work, "global");
  const packageDir = join(prefix, "lib/node_modules/@earendil-works/pi-coding-agent");
  mkdirSync(dirname(packageDir), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent"), packageDir);
  mkdirSync(join(prefix, "bin"));
  symlinkSync(join(packageDir, "dist/bundle/cli.js"), join(prefix, "bin/pi"));
  return join(prefix, "bin/pi");
}

interface Comparison {
  readonly path?: string;
  readonly exports?: number;
  readonly same?: number;
  readonly error?: string;
}

function probe(pi: string): Record<string, Comparison> {
  const out = join(work, `probe-${Math.random().toString(36).slice(2)}.json`);
  const agentDir = mkdtempSync(join(work, "agent-"));
  spawnSync(process.execPath, [pi, "--no-extensions", "-e", PROBE, "-p", "hi"], {
    cwd: work,
    env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", ASKUSER_PROBE_OUT: out },
    input: "",
    encoding: "utf8",
    timeout: 60_000,
  });
  return JSON.parse(readFileSync(out, "utf8")) as Record<string, Comparison>;
}

/**
 * Why pi/extension.js stays the one file Pi transpiles (docs/pi.md, "Load cost"): an entry Node
 * imports natively could only resolve the host packages from the running Pi's package, and
 * those are other copies than the ones Pi runs with (its `pi` is a bundle that carries its
 * own). Should Pi ever run with the copies it resolves, this fails, and a native entry becomes
 * possible.
 */
describe.each([
  ["project", PI_CLI],
  ["global", "global"],
])("Pi's host packages, resolved from the running Pi (%s install)", (_layout, cli) => {
  it("are not the instances Pi hands its extensions", () => {
    const report = probe(cli === "global" ? globalLayout() : cli);
    for (const name of ["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui", "typebox"]) {
      const comparison = report[name];
      expect(comparison?.error).toBeUndefined();
      expect(comparison?.exports).toBeGreaterThan(0);
      expect(comparison?.same).toBe(0);
    }
    // A real Pi's first start, which transpiles the probe: slow on a loaded machine.
  });
});
