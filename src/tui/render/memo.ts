/**
 * Bounded caches for pure text work (sanitising, wrapping, measuring) that every frame repeats.
 * When full they start over: simpler than LRU, and a form's working set is far below the bound.
 * Keys are the strings themselves: V8 keeps a string's hash on the string, so looking up the
 * same line again is cheap, while measuring it again is not.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}

/** A Memo per number (a width), so the text itself is the key and no key string is built. */
export class MemoByWidth<V> {
  private readonly byWidth = new Map<number, Memo<V>>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get(width: number, key: string, compute: () => V): V {
    let memo = this.byWidth.get(width);
    if (!memo) {
      memo = new Memo<V>(this.limit);
      this.byWidth.set(width, memo);
    }
    return memo.get(key, compute);
  }
}
