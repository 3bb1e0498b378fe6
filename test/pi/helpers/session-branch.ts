import { readFileSync, writeFileSync } from "node:fs";
import type { SessionEntry } from "@earendil-works/pi-coding-agent";

/** A message's text: string content as is, block content joined. */
export function textOf(message: { content: unknown }): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block: { type?: string; text?: string }) => block.text ?? "").join("");
}

/** The user messages on a branch, as text. */
export function userMessages(branch: readonly SessionEntry[]): string[] {
  return branch.flatMap((entry) =>
    entry.type === "message" && entry.message.role === "user" ? [textOf(entry.message)] : [],
  );
}

/** The custom entries askuser wrote on a branch. */
export function askuserEntries(branch: readonly SessionEntry[]) {
  return branch.flatMap((entry) =>
    entry.type === "custom" && entry.customType.startsWith("askuser-")
      ? [{ type: entry.customType, data: entry.data as Record<string, unknown> }]
      : [],
  );
}

/**
 * Rewrites a session file as damage or another version might leave it: the recorded ask's
 * payload replaced, and optionally the ask_user call's own arguments too.
 */
export function damageRecordedAsk(
  file: string,
  recordedAsk: unknown,
  callArguments?: unknown,
): void {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.length > 0);
  const rewritten = lines.map((line) => {
    const entry = JSON.parse(line);
    if (entry.type === "custom" && entry.customType === "askuser-ask") {
      entry.data.ask = recordedAsk;
    }
    if (
      callArguments !== undefined &&
      entry.type === "message" &&
      entry.message.role === "assistant"
    ) {
      for (const block of entry.message.content) {
        if (block.type === "toolCall" && block.name === "ask_user") block.arguments = callArguments;
      }
    }
    return JSON.stringify(entry);
  });
  writeFileSync(file, `${rewritten.join("\n")}\n`);
}
