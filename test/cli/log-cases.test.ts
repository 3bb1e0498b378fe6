import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.ts";
import { main } from "../../src/cli/main.ts";
import { logCases } from "./log-case-fixtures.ts";

const cases = logCases();

async function run(args: string[], root: string) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readText: async () => "",
    readStdin: async () => "",
    interactive: false,
    env: { HOME: "/nonexistent-home", TZ: "UTC" },
    stdoutIsTerminal: false,
    cwd: root,
    now: () => Date.parse("2026-03-01T00:00:00.000Z"),
  };
  const code = await main(args, io, "0.0.0");
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
