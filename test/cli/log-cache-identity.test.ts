import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { auq, ClaudeLog, writeFile } from "../transcripts/builders.ts";
import { fixtureHome, SHOP_FILE } from "./log-fixtures.ts";

const PI_FILE = ".pi/agent/sessions/--home-ana-cli--/2026-01-15T11-00-00-000Z_0190aa00.jsonl";
const CODEX_FILE = ".codex/sessions/2026/01/18/rollout-2026-01-18T08-00-00-0199.jsonl";

/** One more answered Claude Code ask, as the lines a session appends. */
function moreLines(question: string): string {
  const log = new ClaudeLog({ start: "2026-02-01T09:00:00.000Z", version: "2.1.120" });
  const asked = auq(question, ["Yes", "No"], false, "More");
  const call = log.ask([asked]);
  log.result(call, "User has answered your questions: …", {
    toolUseResult: { questions: [asked], answers: { [asked.question]: "Yes" } },
  });
  return log.text();
}

/** A change to the archive between two runs; applied in order, each on what the last left. */
const STEPS: ReadonlyArray<readonly [string, (home: string) => void]> = [
  ["nothing changed", () => {}],
  ["whole records appended", (home) => appendFileSync(join(home, SHOP_FILE), moreLines("Ship?"))],
  [
    "half a line appended",
    (home) => appendFileSync(join(home, SHOP_FILE), moreLines("Half?").slice(0, 150)),
  ],
  [
    "the rest of that line appended",
    (home) => appendFileSync(join(home, SHOP_FILE), moreLines("Half?").slice(150)),
  ],
  ["a Pi session appended to", (home) => appendFileSync(join(home, PI_FILE), "{not json\n")],
  [
    "rewritten shorter",
    (home) => {
      const text = readFileSync(join(home, SHOP_FILE), "utf8");
      writeFileSync(join(home, SHOP_FILE), text.slice(0, text.indexOf("\n", 200) + 1));
    },
  ],
  ["truncated in the middle of a line", (home) => truncateSync(join(home, CODEX_FILE), 300)],
  [
    "a file whose name holds a tab and a line break",
    (home) => writeFile(home, ".claude/projects/-x/a\tb\nc.jsonl", moreLines("Odd name?")),
  ],
  ["a file removed", (home) => rmSync(join(home, PI_FILE))],
];

const FORMATS = [["--json"], [], ["--markdown"]];

async function log(home: string, args: readonly string[]) {
  const run = await runInProcess(["log", ...args], {
    timeoutMs: 30_000,
    env: { HOME: home, TZ: "UTC", XDG_CACHE_HOME: join(home, "cache"), NO_COLOR: "1" },
    stdoutIsTerminal: false,
    cwd: home,
  });
  return { code: run.code, stdout: run.stdout, stderr: run.stderr };
}

describe("askuser log: the cache never changes the output", () => {
  it("prints byte for byte what --no-cache prints, after every kind of change", async () => {
    const home = fixtureHome();
    for (const [step, change] of STEPS) {
      change(home);
      for (const format of FORMATS) {
        const uncached = await log(home, [...format, "--no-cache"]);
        // The first run after the change reads what changed; the second only the cache.
        for (const pass of ["first", "repeated"]) {
          const cached = await log(home, format);
          expect(cached, `${step}, ${format.join(" ") || "text"}, ${pass} run`).toEqual(uncached);
        }
      }
    }
  });
});
