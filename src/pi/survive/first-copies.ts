import type { SessionEntry } from "@earendil-works/pi-coding-agent";

/**
 * The session's entries without later copies of one entry. A session file can hold a line twice
 * (a sync tool's merge, a file copied into itself, a hand edit) and Pi reads both. The first copy
 * is the record; a later one says nothing new, and read as a new record it would reopen what a
 * record between them had settled, and send an answer the agent already has.
 */
export function firstCopies(entries: readonly SessionEntry[]): SessionEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
}
