import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { logCases } from "./log-case-fixtures.ts";

const cases = logCases();

async function run(args: string[], root: string) {
  const { code, stdout, stderr } = await runInProcess(args, {
    timeoutMs: 30_000,
    env: { HOME: "/nonexistent-home", TZ: "UTC" },
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
