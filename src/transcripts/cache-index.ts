export const LINE_BREAK = 0x0a;
const TAB = 0x09;

/** What a run did with an index line: not met yet, met unchanged, or replaced by a new line. */
export type EntryState = "met" | "kept" | "replaced";
const STATES: readonly EntryState[] = ["met", "kept", "replaced"];

/**
 * The log cache's lines (see cache-entry.ts) as the bytes read, with where each starts: an
 * archive of 100,000 files costs the index's bytes and a dozen bytes per line in typed arrays,
 * not a string and an object per line. A line is found through an open-addressed table of its
 * key's hash and then compared byte for byte, so a collision is never a false hit; only a hit
 * is decoded.
 */
export class IndexBytes {
  /** Lines that were not one (fewer than three tabs) or repeated a later line's key. */
  readonly dropped: number = 0;
  readonly count: number;
  private readonly bytes: Buffer;
  /** Where each line starts, where its key ends (the tab before the identity), where it ends. */
  private readonly starts: Uint32Array;
  private readonly keyEnds: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly states: Uint8Array;
  /** Slots of line number + 1 (0: empty), found from the key's hash by linear probing. */
  private readonly slots: Uint32Array;

  constructor(bytes: Buffer, from = 0) {
    this.bytes = bytes;
    let lines = 0;
    for (
      let at = bytes.indexOf(LINE_BREAK, from);
      at >= 0;
      at = bytes.indexOf(LINE_BREAK, at + 1)
    ) {
      lines++;
    }
    if (bytes.length > from && bytes[bytes.length - 1] !== LINE_BREAK) lines++;
    this.starts = new Uint32Array(lines);
    this.keyEnds = new Uint32Array(lines);
    this.ends = new Uint32Array(lines);
    this.states = new Uint8Array(lines);
    this.slots = new Uint32Array(tableSize(lines));
    let count = 0;
    let dropped = 0;
    for (let start = from; start < bytes.length; ) {
      let end = bytes.indexOf(LINE_BREAK, start);
      if (end < 0) end = bytes.length;
      const agentTab = bytes.indexOf(TAB, start);
      const keyEnd = agentTab < 0 || agentTab > end ? -1 : bytes.indexOf(TAB, agentTab + 1);
      const payloadTab = keyEnd < 0 || keyEnd > end ? -1 : bytes.indexOf(TAB, keyEnd + 1);
      if (payloadTab < 0 || payloadTab > end) dropped++;
      else {
        const line = count++;
        this.starts[line] = start;
        this.keyEnds[line] = keyEnd;
        this.ends[line] = end;
        const slot = this.slotOf(bytes, start, keyEnd);
        const earlier = (this.slots[slot] as number) - 1;
        // The later line for a key wins, as a rewrite's would.
        if (earlier >= 0) {
          this.mark(earlier, "replaced");
          dropped++;
        }
        this.slots[slot] = line + 1;
      }
      start = end + 1;
    }
    this.count = count;
    this.dropped = dropped;
  }

  /** The line whose key is `key`, if any. */
  find(key: string): number | undefined {
    const keyBytes = Buffer.from(key, "utf8");
    const line = (this.slots[this.slotOf(keyBytes, 0, keyBytes.length)] as number) - 1;
    return line >= 0 ? line : undefined;
  }
  /** Whether the line's identity field is `identity` (compared as bytes, nothing decoded). */
  hasIdentity(line: number, identity: string): boolean {
    const from = (this.keyEnds[line] as number) + 1;
    const payloadTab = this.bytes.indexOf(TAB, from);
    const wanted = Buffer.from(identity, "utf8");
    return (
      payloadTab - from === wanted.length &&
      this.bytes.compare(wanted, 0, wanted.length, from, payloadTab) === 0
    );
  }

  /** The line's text. */
  line(line: number): string {
    return this.bytes.toString("utf8", this.starts[line], this.ends[line]);
  }

  /** The line's bytes and its line break, as read: a kept line is copied, never re-encoded. */
  lineWithBreak(line: number): Buffer {
    return this.bytes.subarray(this.starts[line], (this.ends[line] as number) + 1);
  }

  /** The line's key: the path as JSON, a tab and the agent. */
  key(line: number): string {
    return this.bytes.toString("utf8", this.starts[line], this.keyEnds[line]);
  }

  stateOf(line: number): EntryState {
    return STATES[this.states[line] as number] as EntryState;
  }

  mark(line: number, state: EntryState): void {
    this.states[line] = STATES.indexOf(state);
  }

  /** The slot holding the line whose key is `source[from, to)`, or the empty slot it would take. */
  private slotOf(source: Uint8Array, from: number, to: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(source, from, to) & mask; ; slot = (slot + 1) & mask) {
      const line = (this.slots[slot] as number) - 1;
      if (line < 0) return slot;
      const start = this.starts[line] as number;
      const keyEnd = this.keyEnds[line] as number;
      if (
        keyEnd - start === to - from &&
        this.bytes.compare(source, from, to, start, keyEnd) === 0
      ) {
        return slot;
      }
    }
  }
}

/** A power of two at least twice the lines: probes stay short, and one slot is always empty. */
function tableSize(lines: number): number {
  let size = 8;
  while (size < lines * 2) size *= 2;
  return size;
}

/** FNV-1a over bytes[from, to): spreads paths that differ only at their end. */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let at = from; at < to; at++) {
    hash ^= bytes[at] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
