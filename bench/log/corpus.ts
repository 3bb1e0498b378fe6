import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { claudeSession } from "./claude-session.ts";
import { codexSession } from "./codex-session.ts";
import { piSession } from "./pi-session.ts";
import { Random } from "./random.ts";
import type { GeneratedSession } from "./session.ts";
import { TextPool } from "./text.ts";

export interface Corpus {
  readonly roots: { readonly claude: string; readonly pi: string; readonly codex: string };
  readonly files: readonly string[];
  readonly bytes: number;
  readonly asks: number;
}

const ASKS_PER_MEGABYTE = 0.25;

/**
 * Writes a deterministic corpus of about `targetBytes` under `root`, laid out like the three
 * default locations: 70% Claude Code (some as subagent files), 15% Pi, 15% Codex.
 */
export function generateCorpus(root: string, targetBytes: number, seed: number): Corpus {
  const roots = {
    claude: join(root, "claude", "projects"),
    pi: join(root, "pi", "sessions"),
    codex: join(root, "codex", "sessions"),
  };
  const random = new Random(seed);
  const text = new TextPool(random);
  const files: string[] = [];
  let bytes = 0;
  let asks = 0;
  let index = 0;
  while (bytes < targetBytes) {
    const size = Math.min(random.logNormal(4_000_000, 0.9, 40_000_000), targetBytes - bytes + 1);
    const roll = random.next();
    const day = String(1 + (index % 28)).padStart(2, "0");
    let path: string;
    let session: GeneratedSession;
    if (roll < 0.7) {
      session = claudeSession(random, text, size, ASKS_PER_MEGABYTE);
      const project = join(roots.claude, `-home-dev-project-${index % 9}`);
      const sessionId = random.uuid();
      path = random.chance(0.15)
        ? join(project, sessionId, "subagents", `agent-${random.hex(16)}.jsonl`)
        : join(project, `${sessionId}.jsonl`);
    } else if (roll < 0.85) {
      session = piSession(random, text, size, ASKS_PER_MEGABYTE);
      path = join(
        roots.pi,
        `--home-dev-p${index % 5}--`,
        `2026-01-${day}T10-00-00-000Z_${random.uuid()}.jsonl`,
      );
    } else {
      session = codexSession(random, text, size, ASKS_PER_MEGABYTE);
      path = join(
        roots.codex,
        "2026",
        "01",
        day,
        `rollout-2026-01-${day}T10-00-00-${random.uuid()}.jsonl`,
      );
    }
    const content = `${session.lines.join("\n")}\n`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    files.push(path);
    bytes += Buffer.byteLength(content);
    asks += session.asks;
    index++;
  }
  return { roots, files, bytes, asks };
}
