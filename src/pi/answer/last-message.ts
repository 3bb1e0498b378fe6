import type { SessionEntry } from "@earendil-works/pi-coding-agent";

/** The agent's last message on the branch: its session entry and its text. */
export interface LastMessage {
  readonly entryId: string;
  readonly text: string;
}

/**
 * The last assistant message on the branch, as the text blocks it shows (thinking and tool calls
 * are not what the user read). Undefined when the agent has not written yet; the text is empty
 * when its last message holds no text.
 */
export function lastAssistantMessage(branch: readonly SessionEntry[]): LastMessage | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type !== "message" || entry.message.role !== "assistant") continue;
    const text = entry.message.content
      .flatMap((block) => (block.type === "text" ? [block.text] : []))
      .join("\n")
      .trim();
    return { entryId: entry.id, text };
  }
  return undefined;
}
