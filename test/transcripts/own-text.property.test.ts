import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detailsFromForm, modelText } from "../../src/core/index.ts";
import { classifyOwnDetails } from "../../src/transcripts/own-details.ts";
import { classifyOwnText } from "../../src/transcripts/own-text.ts";
import { questionsFrom } from "../../src/transcripts/questions.ts";
import { arbAction, arbAsk, play } from "../support/form-arbitraries.ts";

/**
 * A log that kept only the text of our own ask_user's result (an MCP client that records no
 * structured content) reads as the same ask as one that kept the details: same outcome, same
 * answers, the same question asked back. Only the presented types are the details' alone.
 */
describe("askuser log from our model text alone", () => {
  it("reads every form's end as its details read", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 60 }),
        fc.boolean(),
        (ask, actions, asMulti) => {
          const details = detailsFromForm(play(ask, actions, asMulti));
          const fromDetails = classifyOwnDetails(details);
          const asked = questionsFrom(ask.questions);
          const fromText = classifyOwnText(modelText(details), asked);
          expect(fromDetails).toBeDefined();
          expect(fromText).toBeDefined();
          expect(fromText?.outcome).toBe(fromDetails?.outcome);
          expect(fromText?.cancelledBy).toBe(fromDetails?.cancelledBy);
          expect(fromText?.response).toBe(fromDetails?.response);
          const withoutShape = (questions: readonly { presentedType: unknown }[] | undefined) =>
            questions?.map((q) => ({ ...q, presentedType: null }));
          // Lifecycle ends keep answers in the details that their text never shows.
          if (
            fromDetails?.cancelledBy === "user" ||
            fromDetails?.cancelledBy === null ||
            fromDetails?.cancelledBy === "ui_failure"
          ) {
            expect(withoutShape(fromText?.questions)).toEqual(withoutShape(fromDetails?.questions));
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});
