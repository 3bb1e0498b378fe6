import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FOLDERS = 200;

/**
 * Writes `count` small Claude Code transcripts (two records each, one of them an ask) under
 * `root`, spread over a few hundred project folders: the shape of years of short sessions, where
 * the cost is in opening files, not in reading bytes.
 */
export function generateSmallFiles(
  root: string,
  count: number,
): { files: number; asks: number; bytes: number } {
  for (let folder = 0; folder < FOLDERS; folder++) {
    mkdirSync(join(root, `-home-dev-p${folder}`), { recursive: true });
  }
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const sessionId = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    const envelope = { sessionId, cwd: "/home/dev", timestamp: "2026-01-10T09:00:00.000Z" };
    const lines = [
      {
        type: "user",
        message: { role: "user", content: `hello ${i}` },
        uuid: `u${i}`,
        ...envelope,
      },
      {
        type: "assistant",
        message: {
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: `toolu_${i}`,
              name: "AskUserQuestion",
              input: {
                questions: [
                  {
                    question: "Port?",
                    header: "Port",
                    multiSelect: false,
                    options: [{ label: "8080", description: "" }],
                  },
                ],
              },
            },
          ],
        },
        uuid: `a${i}`,
        ...envelope,
      },
    ];
    const text = `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
    writeFileSync(join(root, `-home-dev-p${i % FOLDERS}`, `${sessionId}.jsonl`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: count, asks: count, bytes };
}
