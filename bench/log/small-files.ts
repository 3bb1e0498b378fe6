import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FOLDERS = 200;
/** One session in this many asks something; the others call another tool. */
const ASK_EVERY = 10;

/**
 * Writes `count` small Claude Code transcripts (a prompt, a tool call and its result) under
 * `root`, spread over a few hundred project folders: the shape of years of short sessions, where
 * the cost is in opening files, not in reading bytes. One in ten calls AskUserQuestion.
 */
export function generateSmallFiles(
  root: string,
  count: number,
): { files: number; asks: number; bytes: number } {
  for (let folder = 0; folder < FOLDERS; folder++) {
    mkdirSync(join(root, `-home-dev-p${folder}`), { recursive: true });
  }
  let bytes = 0;
  let asks = 0;
  for (let i = 0; i < count; i++) {
    const asking = i % ASK_EVERY === 0;
    if (asking) asks++;
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
            asking
              ? {
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
                }
              : { type: "tool_use", id: `toolu_${i}`, name: "Read", input: { file_path: "/a.ts" } },
          ],
        },
        uuid: `a${i}`,
        ...envelope,
      },
      {
        type: "user",
        message: {
          role: "user",
          content: [{ tool_use_id: `toolu_${i}`, type: "tool_result", content: "1→export {}" }],
        },
        uuid: `r${i}`,
        ...envelope,
      },
    ];
    if (asking) lines.pop();
    const text = `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
    writeFileSync(join(root, `-home-dev-p${i % FOLDERS}`, `${sessionId}.jsonl`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: count, asks, bytes };
}
