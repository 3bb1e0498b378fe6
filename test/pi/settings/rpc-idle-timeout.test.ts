import { describe, expect, it } from "vitest";
import { askThroughDialogs } from "../../../src/dialogs/dialog-flow.ts";
import type { DialogPort } from "../../../src/dialogs/dialog-port.ts";
import { askOf, THREE } from "../../support/asks.ts";

/** Answers the first select with its first row, then leaves dialogs open until their signal fires. */
function portThatWaits(onOpen: (signal: AbortSignal | undefined) => void): DialogPort {
  let first = true;
  const open = (opts?: { signal?: AbortSignal }) =>
    new Promise<string | undefined>((resolve) => {
      opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true });
      onOpen(opts?.signal);
    });
  return {
    select: async (_title, options, opts) => {
      if (first) {
        first = false;
        return options[0];
      }
      return open(opts);
    },
    input: async (_title, _placeholder, opts) => open(opts),
  };
}

describe("the RPC dialogs with an idle timeout", () => {
  it("end as timed out, keeping the answers given, when the timeout closes the open dialog", async () => {
    const idle = new AbortController();
    const details = await askThroughDialogs(
      askOf(THREE),
      portThatWaits(() => idle.abort()),
      undefined,
      () => {},
      idle.signal,
    );
    expect(details).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["Postgres"] } },
      unanswered: ["features", "api"],
    });
  });

  it("end as a turn abort when the turn is aborted as the timeout fires: the abort wins", async () => {
    const idle = new AbortController();
    const turn = new AbortController();
    const details = await askThroughDialogs(
      askOf(THREE),
      portThatWaits(() => {
        idle.abort();
        turn.abort();
      }),
      turn.signal,
      () => {},
      idle.signal,
    );
    expect(details).toMatchObject({ status: "cancelled", origin: "turn_abort" });
  });
});
