import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { isRecord } from "../../core/index.ts";

/** Whether a user message on the branch carries `text` (an answer sent as a user message). */
export function userMessageHolds(branch: readonly unknown[], text: string): boolean {
  return branch.some((entry) => {
    if (!isRecord(entry) || entry.type !== "message" || !isRecord(entry.message)) return false;
    const { role, content } = entry.message;
    if (role !== "user") return false;
    if (typeof content === "string") return content.includes(text);
    return (
      Array.isArray(content) &&
      content.some(
        (part) => isRecord(part) && typeof part.text === "string" && part.text.includes(text),
      )
    );
  });
}

/**
 * Whether the agent has the answer recorded at `entries[index]`: a user message after the record
 * carries `text` on a branch that holds `anchor` (the entry the answer belongs to). `byId` is the
 * caller's index of `entries`, built once for all its records. The same text
 * on a branch without the anchor is another conversation's (the same question asked and
 * answered there), and says nothing of this one.
 */
export function heldAfter(
  entries: readonly SessionEntry[],
  byId: ReadonlyMap<string, SessionEntry>,
  index: number,
  anchor: string,
  text: string,
): boolean {
  const holding = entries.slice(index + 1).filter((entry) => userMessageHolds([entry], text));
  if (holding.length === 0) return false;
  return holding.some((entry) => pathTo(entry, byId).some((on) => on.id === anchor));
}

/** The entries from the root to `entry`, following parent ids. */
export function pathTo(
  entry: SessionEntry,
  byId: ReadonlyMap<string, SessionEntry>,
): SessionEntry[] {
  const path: SessionEntry[] = [];
  const seen = new Set<string>();
  for (let at: SessionEntry | undefined = entry; at && !seen.has(at.id); ) {
    seen.add(at.id);
    path.push(at);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return path.reverse();
}
