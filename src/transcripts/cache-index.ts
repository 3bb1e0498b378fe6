import type { ByteSource } from "./cache-source.ts";

export const LINE_BREAK = 0x0a;
const TAB = 0x09;

/** What a run did with an index line: not met yet, met unchanged, or replaced by a new line. */
export type EntryState = "met" | "kept" | "replaced";
const STATES: readonly EntryState[] = ["met", "kept", "replaced"];

/**
 * Where each of the log cache's lines (see cache-entry.ts) lies in its bytes, which stay in the
 * file (see FileWindow): an archive of 100,000 files costs about 20 bytes per line in typed
 * arrays, not the index's text nor a string and an object per line. A line is found through an
 * open-addressed table of its key's hash and then compared byte for byte, so a collision is
 * never a false hit; only a hit is decoded.
 */
export class IndexBytes {
  /** Lines that were not one (fewer than three tabs) or repeated a later line's key. */
  readonly dropped: number = 0;
  readonly count: number;
  private readonly bytes: ByteSource;
  /** Each line's key's hash: probes compare bytes only when it is equal. */
  private readonly hashes: Uint32Array;
  /** Where each line starts, where its key ends (the tab before the identity), where it ends. */
  private readonly starts: Uint32Array;
  private readonly keyEnds: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly states: Uint8Array;
  /** Slots of line number + 1 (0: empty), found from the key's hash by linear probing. */
  private readonly slots: Uint32Array;

  constructor(bytes: ByteSource, from = 0) {
    this.bytes = bytes;
    const starts = new GrowingUint32Array();
    const keyEnds = new GrowingUint32Array();
    const ends = new GrowingUint32Array();
    const hashes = new GrowingUint32Array();
    let dropped = 0;
    for (let start = from; start < bytes.size; ) {
      const line = this.lineAt(start);
      const end = start + line.length;
      const agentTab = line.indexOf(TAB);
      const keyEnd = agentTab < 0 ? -1 : line.indexOf(TAB, agentTab + 1);
      if (keyEnd < 0 || line.indexOf(TAB, keyEnd + 1) < 0) dropped++;
      else {
        starts.push(start);
        keyEnds.push(start + keyEnd);
        ends.push(end);
        hashes.push(hashOf(line, 0, keyEnd));
      }
      start = end + 1;
    }
    const lines = starts.length;
    this.starts = starts.filled();
    this.keyEnds = keyEnds.filled();
    this.ends = ends.filled();
    this.hashes = hashes.filled();
    this.states = new Uint8Array(lines);
    this.slots = new Uint32Array(tableSize(lines));
    for (let line = 0; line < lines; line++) {
      const keyBytes = Buffer.from(
        this.view(this.starts[line] as number, this.keyEnds[line] as number),
      );
      const slot = this.slotOf(keyBytes, this.hashes[line] as number);
      const earlier = (this.slots[slot] as number) - 1;
      // The later line for a key wins, as a rewrite's would.
      if (earlier >= 0) {
        this.mark(earlier, "replaced");
        dropped++;
      }
      this.slots[slot] = line + 1;
    }
    this.count = lines;
    this.dropped = dropped;
  }

  /** The line whose key is `key`, if any. */
  find(key: string): number | undefined {
    const keyBytes = Buffer.from(key, "utf8");
    const slot = this.slotOf(keyBytes, hashOf(keyBytes, 0, keyBytes.length));
    const line = (this.slots[slot] as number) - 1;
    return line >= 0 ? line : undefined;
  }
  /** Whether the line's identity field is `identity` (compared as bytes, nothing decoded). */
  hasIdentity(line: number, identity: string): boolean {
    const wanted = Buffer.from(`${identity}\t`, "utf8");
    const from = (this.keyEnds[line] as number) + 1;
    const to = Math.min(from + wanted.length, this.ends[line] as number);
    return this.view(from, to).equals(wanted);
  }

  /** The line's text. */
  line(line: number): string {
    return this.view(this.starts[line] as number, this.ends[line] as number).toString("utf8");
  }

  /**
   * The line's last field (what was read of the file, as JSON), decoded alone: the field before
   * it (where to go on reading a grown file) can be far longer and is not needed for a hit.
   */
  lastField(line: number): string {
    const bytes = this.view(this.starts[line] as number, this.ends[line] as number);
    return bytes.toString("utf8", bytes.lastIndexOf(TAB) + 1);
  }

  /** The line's bytes and its line break, as read, valid until the next read of the index. */
  lineWithBreak(line: number): Buffer {
    return this.view(this.starts[line] as number, (this.ends[line] as number) + 1);
  }

  /** The line's key: the path as JSON, a tab and the agent. */
  key(line: number): string {
    return this.view(this.starts[line] as number, this.keyEnds[line] as number).toString("utf8");
  }

  stateOf(line: number): EntryState {
    return STATES[this.states[line] as number] as EntryState;
  }

  mark(line: number, state: EntryState): void {
    this.states[line] = STATES.indexOf(state);
  }

  /** Lets go of the file. */
  close(): void {
    this.bytes.close();
  }

  private view(from: number, to: number): Buffer {
    return this.bytes.view(from, to);
  }

  /** The line starting at `start`, without its line break (the rest of the bytes for the last). */
  private lineAt(start: number): Buffer {
    for (let want = 64 * 1024; ; want *= 2) {
      const to = Math.min(this.bytes.size, start + want);
      const bytes = this.view(start, to);
      const end = bytes.indexOf(LINE_BREAK);
      if (end >= 0) return bytes.subarray(0, end);
      if (to === this.bytes.size) return bytes;
    }
  }

  /** The slot holding the line whose key is `key`, or the empty slot it would take. */
  private slotOf(key: Buffer, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const line = (this.slots[slot] as number) - 1;
      if (line < 0) return slot;
      if (this.hashes[line] !== hash) continue;
      const start = this.starts[line] as number;
      const keyEnd = this.keyEnds[line] as number;
      if (keyEnd - start === key.length && this.view(start, keyEnd).equals(key)) return slot;
    }
  }
}

/**
 * Numbers gathered into a typed array that doubles as it fills. Gathered in plain arrays, an
 * index of 100,000 lines survived young-generation collections as it was built (about 10 MB
 * copied in a burst), which V8 answers by growing that generation for the rest of the run; a
 * typed array's numbers live outside the JavaScript heap.
 */
class GrowingUint32Array {
  private values = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new Uint32Array(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }

  /** The numbers pushed, in an array of their own length. */
  filled(): Uint32Array {
    return this.values.slice(0, this.length);
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
