export const LINE_BREAK = 0x0a;
const TAB = 0x09;

/** What a run did with an index line: not met yet, met unchanged, or replaced by a new line. */
export type EntryState = "met" | "kept" | "replaced";
const STATES: readonly EntryState[] = ["met", "kept", "replaced"];

/**
 * The log cache's lines (see cache-entry.ts) as the bytes read, with where each starts: an
 * archive of 100,000 files costs the index's bytes and a few numbers per line, not a string and
 * an object per line. A line is found by a hash of its key's bytes and then compared byte for
 * byte, so a collision is never a false hit; only a hit is decoded.
 */
export class IndexBytes {
  /** Lines that were not one (fewer than three tabs) or repeated an earlier line's key. */
  readonly dropped: number = 0;
  private readonly bytes: Buffer;
  /** Where each line starts, where its key ends (the tab before the identity), where it ends. */
  private readonly starts: number[] = [];
  private readonly keyEnds: number[] = [];
  private readonly ends: number[] = [];
  private readonly states: Uint8Array;
  /** Lines by the hash of their key: one line, or several whose keys share a hash. */
  private readonly byHash = new Map<number, number | number[]>();
  /** Lines whose key a later line repeats. */
  private readonly droppedLines: number[] = [];

  constructor(bytes: Buffer, from = 0) {
    this.bytes = bytes;
    let dropped = 0;
    for (let start = from; start < bytes.length; ) {
      let end = bytes.indexOf(LINE_BREAK, start);
      if (end < 0) end = bytes.length;
      const agentTab = bytes.indexOf(TAB, start);
      const keyEnd = agentTab < 0 || agentTab > end ? -1 : bytes.indexOf(TAB, agentTab + 1);
      const payloadTab = keyEnd < 0 || keyEnd > end ? -1 : bytes.indexOf(TAB, keyEnd + 1);
      if (payloadTab < 0 || payloadTab > end) dropped++;
      else {
        const line = this.starts.length;
        this.starts.push(start);
        this.keyEnds.push(keyEnd);
        this.ends.push(end);
        const earlier = this.findBytes(start, keyEnd);
        // The later line for a key wins, as a rewrite's would.
        if (earlier !== undefined) {
          this.unlink(earlier, start, keyEnd);
          dropped++;
        }
        this.link(line, start, keyEnd);
      }
      start = end + 1;
    }
    this.states = new Uint8Array(this.starts.length);
    for (const line of this.droppedLines) this.mark(line, "replaced");
    this.dropped = dropped;
  }

  /** Lines held, dropped ones included (their state says "replaced"). */
  get count(): number {
    return this.starts.length;
  }

  /** The line whose key is `key`, if any. */
  find(key: string): number | undefined {
    const keyBytes = Buffer.from(key, "utf8");
    const candidates = this.byHash.get(hashOf(keyBytes, 0, keyBytes.length));
    if (candidates === undefined) return undefined;
    for (const line of typeof candidates === "number" ? [candidates] : candidates) {
      const start = this.starts[line] as number;
      const keyEnd = this.keyEnds[line] as number;
      if (
        keyEnd - start === keyBytes.length &&
        this.bytes.compare(keyBytes, 0, keyBytes.length, start, keyEnd) === 0
      ) {
        return line;
      }
    }
    return undefined;
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

  private findBytes(start: number, keyEnd: number): number | undefined {
    const candidates = this.byHash.get(hashOf(this.bytes, start, keyEnd));
    if (candidates === undefined) return undefined;
    for (const line of typeof candidates === "number" ? [candidates] : candidates) {
      const otherStart = this.starts[line] as number;
      const otherEnd = this.keyEnds[line] as number;
      if (this.bytes.compare(this.bytes, start, keyEnd, otherStart, otherEnd) === 0) return line;
    }
    return undefined;
  }

  private link(line: number, start: number, keyEnd: number): void {
    const hash = hashOf(this.bytes, start, keyEnd);
    const present = this.byHash.get(hash);
    if (present === undefined) this.byHash.set(hash, line);
    else if (typeof present === "number") this.byHash.set(hash, [present, line]);
    else present.push(line);
  }

  private unlink(line: number, start: number, keyEnd: number): void {
    const hash = hashOf(this.bytes, start, keyEnd);
    const present = this.byHash.get(hash);
    if (present === line) this.byHash.delete(hash);
    else if (Array.isArray(present)) present.splice(present.indexOf(line), 1);
    this.droppedLines.push(line);
  }
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
