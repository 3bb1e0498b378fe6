import { describe, expect, it } from "vitest";
import { detailsFromForm } from "../../src/core/index.ts";
import { SINGLE, SINGLE_WITH_COMMENT } from "../support/asks.ts";
import { A, play } from "../support/form.ts";

/**
 * Text that draws as nothing (a zero-width space, a Hangul filler, a soft hyphen, a pasted BOM)
 * is no answer, no note and no question back: the same rule an answers file's "other" follows.
 * Otherwise a stray paste in the Other editor submits a one-question form with an answer the
 * user never saw.
 */
const INVISIBLE = ["\u200b", "\u3164", "\u00ad", "\ufeff", " \u200d\u2060 "];

describe("text that draws as nothing", () => {
  it.each(INVISIBLE)("is no Other answer (%j)", (text) => {
    const state = play(SINGLE, [A.row(3), A.type(text), A.save]);
    expect(state.resolution).toBeUndefined();
    expect(state.questions[0]?.other).toBeUndefined();
    expect(state.questions[0]?.confirmed).toBe(false);
  });

  it.each(INVISIBLE)("is no note (%j)", (text) => {
    const state = play(SINGLE_WITH_COMMENT, [A.row(1), A.type(text), A.save]);
    expect(detailsFromForm(state).answers).toEqual({ q1: { selected: ["SQLite"] } });
  });

  it.each(INVISIBLE)("is no question back to the agent (%j)", (text) => {
    const state = play(SINGLE, [A.askBack, A.type(text), A.save]);
    expect(state.resolution).toBeUndefined();
    expect(state.questions[0]?.askBack).toBeUndefined();
  });

  it("is kept inside visible text, exactly", () => {
    const state = play(SINGLE, [A.row(3), A.type("Cock\u00adroach\u200bDB"), A.save]);
    expect(detailsFromForm(state).answers).toEqual({
      q1: { selected: [], other: "Cock\u00adroach\u200bDB" },
    });
  });
});
