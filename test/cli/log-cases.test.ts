import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { logCases } from "./log-case-fixtures.ts";

const cases = logCases();
// A home of this run's own: a fixed one is shared by every run on the machine, and a log cache
// another run (or another version) wrote there changes what stderr says.
const home = mkdtempSync(join(tmpdir(), "askuser-log-cases-home-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function run(args: string[], root: string) {
  const { code, stdout, stderr } = await runInProcess(args, {
    timeoutMs: 30_000,
    env: { HOME: home, TZ: "UTC" },
    cwd: root,
    now: () => Date.parse("2026-03-01T00:00:00.000Z"),
  });
  const clean = (text: string) => text.replaceAll(root, "<case>");
  return `exit ${code}\n--- stdout\n${clean(stdout)}--- stderr\n${clean(stderr)}`;
}

describe.each(cases)("askuser log golden output: $name", ({ name, folder, turns }) => {
  it("text", async () => {
    await expect(await run(["log", folder], folder)).toMatchFileSnapshot(
      `__snapshots__/cases/${name}.txt`,
    );
  });
  it("JSON", async () => {
    await expect(await run(["log", "--json", folder], folder)).toMatchFileSnapshot(
      `__snapshots__/cases/${name}.jsonl.txt`,
    );
  });
  it("Markdown", async () => {
    await expect(await run(["log", "--markdown", folder], folder)).toMatchFileSnapshot(
      `__snapshots__/cases/${name}.md.txt`,
    );
  });
  it("--turns", async () => {
    await expect(await run(["log", "--turns", turns], folder)).toMatchFileSnapshot(
      `__snapshots__/cases/${name}.turns.txt`,
    );
  });
});
