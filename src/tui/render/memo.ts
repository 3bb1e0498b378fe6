/**
 * A bounded string-keyed cache for pure text work (sanitising, wrapping) that every frame repeats.
 * When full it starts over: simpler than LRU, and a form's working set is far below the bound.
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
