import { describe, expect, it } from "vitest";
import { HeldAsks } from "../../src/cli/held-asks.ts";
import { type AskExchange, newestFirst } from "../../src/transcripts/index.ts";

/** Only what the order and the round trip look at; the rest of an ask is carried as JSON. */
const ask = (
  time: string | null,
  file: string,
  line: number,
  resultLine: number | null,
  text: string,
) => ({ time, file, line, resultLine, questions: [{ text }] }) as unknown as AskExchange;

describe("asks held as bytes until they are sorted", () => {
  const asks = [
    ask("2026-01-02T00:00:00.000Z", "/b.jsonl", 3, 4, "tie, added first"),
    ask(null, "/a.jsonl", 1, null, "no time"),
    ask("2026-01-02T00:00:00.000Z", "/b.jsonl", 3, 4, "tie, added second \u001b[31m é 🙂"),
    ask("2026-01-03T00:00:00.000Z", "/c.jsonl", 9, 12, "newest"),
    ask("2026-01-02T00:00:00.000Z", "/a.jsonl", 7, null, "same time, earlier file"),
    ask("2026-01-03T00:00:00.000Z", "/c.jsonl", 9, 15, "newest, later result"),
  ];

  it("come back equal, in the order newestFirst sorts the objects in, ties as added", () => {
    const held = new HeldAsks();
    for (const one of asks) held.add(one);
    expect([...held.newestFirst()]).toEqual([...asks].sort(newestFirst));
    expect([...held.newestFirst(2)]).toEqual([...asks].sort(newestFirst).slice(0, 2));
  });

  it("holds an ask larger than one piece of the store", () => {
    const held = new HeldAsks();
    const large = ask(null, "/l.jsonl", 1, null, "x".repeat(3 * 1024 * 1024));
    held.add(asks[0] as AskExchange);
    held.add(large);
    held.add(asks[3] as AskExchange);
    expect([...held.newestFirst()]).toEqual([asks[3], asks[0], large]);
  });
});
