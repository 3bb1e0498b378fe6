import { describe, expect, it } from "vitest";
import { ResponseWatch } from "../../src/mcp/response-watch.ts";

const EPIPE = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });

describe("ResponseWatch: a call's result counts as handed over only once its write is over", () => {
  it("settles with the write of the call's result response, not before", async () => {
    const watch = new ResponseWatch();
    const written = watch.expect(7, new AbortController().signal);
    let finish: () => void = () => {};
    watch.sending({ id: 7, result: {} }, new Promise<void>((resolve) => (finish = resolve)));
    let settled = false;
    void written.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await expect(written).resolves.toBeUndefined();
  });

  it("rejects with the write's error", async () => {
    const watch = new ResponseWatch();
    const written = watch.expect("a", new AbortController().signal);
    const failed = Promise.reject(EPIPE);
    failed.catch(() => {});
    watch.sending({ id: "a", result: {} }, failed);
    await expect(written).rejects.toBe(EPIPE);
  });

  it("ignores other messages: requests, notifications, responses to other calls", async () => {
    const watch = new ResponseWatch();
    const written = watch.expect(1, new AbortController().signal);
    watch.sending({ id: 1, method: "elicitation/create" }, Promise.resolve());
    watch.sending({ method: "notifications/progress" }, Promise.resolve());
    watch.sending({ id: 2, result: {} }, Promise.resolve());
    const failed = Promise.reject(EPIPE);
    failed.catch(() => {});
    watch.sending({ id: 1, result: {} }, failed);
    await expect(written).rejects.toBe(EPIPE);
  });

  it.each([
    [
      "the call was cancelled before",
      (_watch: ResponseWatch, stop: AbortController) => stop.abort(),
    ],
    ["the connection closed first", (watch: ResponseWatch) => watch.closeAll()],
    [
      "an error response went out in its place",
      (watch: ResponseWatch) =>
        watch.sending({ id: 1, error: { code: -32603 } }, Promise.resolve()),
    ],
  ])("rejects when the result never goes out: %s", async (_what, end) => {
    const watch = new ResponseWatch();
    const stop = new AbortController();
    const written = watch.expect(1, stop.signal);
    end(watch, stop);
    await expect(written).rejects.toThrow();
    // Nothing is left waiting: a result sent later under the same id counts for nothing.
    watch.sending({ id: 1, result: {} }, Promise.resolve());
  });

  it("a cancel after the result went out leaves the write to decide", async () => {
    const watch = new ResponseWatch();
    const stop = new AbortController();
    const written = watch.expect(1, stop.signal);
    watch.sending({ id: 1, result: {} }, Promise.resolve());
    stop.abort();
    await expect(written).resolves.toBeUndefined();
  });

  it("a call already cancelled is lost at once", async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(new ResponseWatch().expect(1, stop.signal)).rejects.toThrow("cancelled");
  });
});
