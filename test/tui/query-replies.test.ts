import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { trackQueryReplies } from "../../src/tui/query-replies.ts";

function terminal() {
  const input = new EventEmitter();
  const written: string[] = [];
  const replies = trackQueryReplies(input, (data) => written.push(data));
  return { input, written, replies };
}

describe("the replies owed to pi-tui's start-up queries", () => {
  it("settles at once, asking nothing, when every reply has been read", async () => {
    const { input, written, replies } = terminal();
    replies.started();
    input.emit("data", "\x1b[?u\x1b[?62;22c");
    await replies.settled();
    expect(written).toEqual([]);
  });

  it("asks DA1 once more and settles on its reply, also when the replies arrive split", async () => {
    const { input, written, replies } = terminal();
    replies.started();
    let settled = false;
    const done = replies.settled().then(() => {
      settled = true;
    });
    expect(written).toEqual(["\x1b[c"]);
    input.emit("data", "\x1b[?1;2c\x1b[?");
    await Promise.resolve();
    expect(settled).toBe(false);
    input.emit("data", "1;2c");
    await done;
    expect(settled).toBe(true);
  });

  it("gives up after its limit when the terminal never answers", async () => {
    vi.useFakeTimers();
    try {
      const { replies } = terminal();
      replies.started();
      const done = replies.settled();
      vi.advanceTimersByTime(1000);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});
