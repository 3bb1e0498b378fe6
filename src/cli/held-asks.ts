import { type AskOrder, newestFirst } from "../transcripts/filters.ts";
import type { AskExchange } from "../transcripts/model.ts";

/** Bytes per piece of the store: a few large buffers, not one per ask. */
const PIECE_BYTES = 1024 * 1024;

/** What newestFirst compares, and where the ask's JSON lies. */
interface Held extends AskOrder {
  readonly piece: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The asks a run shows, held until they can be sorted newest first: each as its JSON text in
 * large buffers outside the JavaScript heap, with only what the order needs as an object.
 * 10,000 asks held as objects survive every young-generation collection of a long run, and V8
 * answers by growing that generation to its largest; as bytes they cost their length. An ask
 * is the same after the round trip: the log cache stores asks as this JSON and its output is
 * byte for byte the output without it.
 */
export class HeldAsks {
  private readonly pieces: Buffer[] = [];
  private used = PIECE_BYTES;
  private readonly held: Held[] = [];

  get length(): number {
    return this.held.length;
  }

  add(ask: AskExchange): void {
    const text = JSON.stringify(ask);
    const bytes = Buffer.byteLength(text, "utf8");
    if (this.used + bytes > PIECE_BYTES || this.pieces.length === 0) {
      this.pieces.push(Buffer.allocUnsafe(Math.max(PIECE_BYTES, bytes)));
      this.used = 0;
    }
    const piece = this.pieces.length - 1;
    const start = this.used;
    this.used += (this.pieces[piece] as Buffer).write(text, start, "utf8");
    const { time, file, line, resultLine } = ask;
    this.held.push({ time, file, line, resultLine, piece, start, end: this.used });
  }

  /** The first `limit` asks (all when undefined), newest first, in the order newestFirst gives. */
  *newestFirst(limit?: number): Generator<AskExchange> {
    // Array sort is stable, so asks newestFirst ties keep the order they were added in.
    this.held.sort(newestFirst);
    const shown = limit === undefined ? this.held : this.held.slice(0, limit);
    for (const held of shown) {
      const piece = this.pieces[held.piece] as Buffer;
      yield JSON.parse(piece.toString("utf8", held.start, held.end)) as AskExchange;
    }
  }
}
