import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  answerFromScript,
  detailsFromForm,
  type ScriptEnding,
  scriptFromDetails,
} from "../../src/core/index.ts";
import { arbAction, arbAsk, play } from "../support/form-arbitraries.ts";

/** The end a replay is told to reach: what the details say the form's end was. */
function endingOf(details: AskDetails): ScriptEnding {
  switch (details.status) {
    case "timed_out":
      return { kind: "timed_out" };
    case "cancelled":
      return { kind: "cancelled", origin: details.origin ?? "user" };
    default:
      return { kind: "submitted" };
  }
}

describe("scriptFromDetails: the one writer of the answers body", () => {
  it("replaying what it writes through answerFromScript gives the form's details back", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 40 }),
        fc.boolean(),
        (ask, actions, asMulti) => {
          const details = detailsFromForm(play(ask, actions, asMulti));
          const replayed = answerFromScript(ask, scriptFromDetails(details), endingOf(details));
          expect(replayed).toEqual({ ok: true, details });
        },
      ),
      { numRuns: 500 },
    );
  });
});
