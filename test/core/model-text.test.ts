import { describe, expect, it } from "vitest";
import {
  cancelledBeforeOpenDetails,
  detailsFromForm,
  invalidDetails,
  modelText,
  pendingDetails,
  unavailableDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { askOf, SINGLE, THREE } from "../support/asks.ts";
import { A, play } from "../support/form.ts";

/** Q1 answered, Q2 answered with free text and a note, Q3 open. */
const partial = [
  A.enter,
  A.space,
  A.row(3),
  A.type("Billing, v2"),
  A.save,
  A.enter,
  A.type("keep it small"),
  A.save,
];

describe("modelText", () => {
  it("answered", () => {
    const state = play(THREE, [...partial, A.enter, A.enter]);
    expect(modelText(detailsFromForm(state))).toMatchInlineSnapshot(`
      "The user answered:
      "Which database?" = "Postgres"
      "Which features?" = ["Auth", "Billing, v2"] — "keep it small"
      "Which API style?" = "REST""
    `);
  });

  it("answered with a skipped question", () => {
    const state = play(THREE, [...partial, A.enter, A.enter]);
    expect(
      modelText(detailsFromForm(play(THREE, [...partial, A.goto(3), A.enter, A.enter]))),
    ).toMatchInlineSnapshot(`
      "The user submitted the form but left some questions unanswered:
      "Which database?" = "Postgres"
      "Which features?" = ["Auth", "Billing, v2"] — "keep it small"
      "Which API style?" = (no answer)
      Unanswered: "Which API style?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter."
    `);
    expect(state.resolution).toEqual({ kind: "submitted" });
  });

  it("cancelled by the user with nothing answered: every question is named as unanswered", () => {
    expect(modelText(detailsFromForm(play(THREE, [A.esc])))).toMatchInlineSnapshot(
      `"The user cancelled the questions without answering any of them. Unanswered: "Which database?", "Which features?", "Which API style?". Do not assume answers: continue only with work that does not depend on these decisions, or ask the user how they want to proceed."`,
    );
  });

  it("cancelled by the user with nothing answered, one question", () => {
    expect(modelText(detailsFromForm(play(SINGLE, [A.esc])))).toMatchInlineSnapshot(
      `"The user cancelled the question without answering. Do not assume an answer: continue only with work that does not depend on this decision, or ask the user how they want to proceed."`,
    );
  });

  it("cancelled by the user after partial answers", () => {
    expect(
      modelText(detailsFromForm(play(THREE, [...partial, A.esc, A.esc]))),
    ).toMatchInlineSnapshot(`
      "The user cancelled the form after answering some questions.
      Answers given so far:
      "Which database?" = "Postgres"
      "Which features?" = ["Auth", "Billing, v2"] — "keep it small"
      Unanswered: "Which API style?". Do not assume answers to the unanswered questions."
    `);
  });

  it("ended by a UI failure after partial answers", () => {
    const state = play(THREE, [
      ...partial,
      { type: "end", resolution: { kind: "cancelled", origin: "ui_failure" } },
    ]);
    expect(modelText(detailsFromForm(state))).toMatchInlineSnapshot(`
      "The question form failed before the user finished (an interface error, not the user's choice).
      Answers given so far:
      "Which database?" = "Postgres"
      "Which features?" = ["Auth", "Billing, v2"] — "keep it small"
      Unanswered: "Which API style?". Do not assume answers to the unanswered questions. You may ask again, or continue on your best judgement and say so."
    `);
  });

  it("timed out after partial answers", () => {
    expect(modelText(detailsFromForm(play(THREE, [...partial, A.timeout])))).toMatchInlineSnapshot(`
      "The user did not answer in time: the question timed out.
      Answers given so far:
      "Which database?" = "Postgres"
      "Which features?" = ["Auth", "Billing, v2"] — "keep it small"
      Unanswered: "Which API style?". Do not assume answers to the unanswered questions. Continue on your best judgement, state the assumptions you make, and do not ask again this turn."
    `);
  });

  it("timed out with nothing answered", () => {
    expect(modelText(detailsFromForm(play(THREE, [A.timeout])))).toMatchInlineSnapshot(`
      "The user did not answer in time: the question timed out.
      No answer was given. Do not assume one. Continue on your best judgement, state the assumptions you make, and do not ask again this turn."
    `);
  });

  it.each(["turn_abort", "session_closed", "disabled", "disconnected"] as const)(
    "a lifecycle end (%s) stays silent about drafts and answers",
    (origin) => {
      const state = play(THREE, [
        ...partial,
        { type: "end", resolution: { kind: "cancelled", origin } },
      ]);
      const text = modelText(detailsFromForm(state));
      expect(text).not.toContain("Postgres");
      expect(text).not.toContain("Billing");
      expect(text).toContain("Do not assume an answer.");
      // The user had confirmed answers: claiming they gave none would be false.
      expect(text).not.toContain("gave no answer");
      expect(text).toMatch(/answers given before .* are not reported/u);
    },
  );

  it("lifecycle ends say that answers are not reported, true whether or not there were any", () => {
    const texts = (["turn_abort", "session_closed", "disabled", "disconnected"] as const).map(
      (origin) => modelText(cancelledBeforeOpenDetails(askOf(THREE), origin)),
    );
    expect(texts).toMatchInlineSnapshot(`
      [
        "The question was withdrawn because the agent's turn was aborted. This was not the user's choice, and any answers given before the abort are not reported. Do not assume an answer.",
        "The question ended because the session closed before the user submitted it. Any answers given before it closed are not reported. Do not assume an answer.",
        "The question ended because the ask_user tool was disabled. Any answers given before that are not reported. Do not assume an answer.",
        "The question ended because the client showing it disconnected before the user submitted it. Any answers given before the disconnect are not reported. Do not assume an answer.",
      ]
    `);
  });

  it("pending: an ask that does not wait returns at once and says the answer comes later", () => {
    expect(modelText(pendingDetails(askOf(THREE)))).toMatchInlineSnapshot(
      `"The question waits for the user: only a one-line notice that it waits was shown, and they open it when they choose. The answer will arrive as a user message, or a note if the question ends without one. Continue with work that does not depend on it, and do not assume an answer until it arrives."`,
    );
  });

  it("unavailable", () => {
    expect(modelText(unavailableDetails(askOf(THREE)))).toMatchInlineSnapshot(
      `"No interactive user can answer questions here (this is a non-interactive run), so nothing was asked. Decide on your best judgement, state the decision and your reasoning in your reply, and do not retry ask_user: it cannot be answered in this session."`,
    );
  });

  it("invalid", () => {
    const result = validateAskInput({
      questions: [{ question: "Cache?", options: [{ label: "Redis" }, { label: "Other" }] }, {}],
    });
    if (result.ok) throw new Error("expected invalid");
    expect(modelText(invalidDetails(result.issues))).toMatchInlineSnapshot(`
      "ask_user was not shown to the user: its parameters have 5 problems. Nothing was asked. Fix every problem below and call ask_user again.
      - questions[0].header: is missing. Fix: give every question a short, unique tab label (at most 12 characters), e.g. "Database"
      - questions[0].options[1].label: is an "Other" option; a free-text "Other" choice is always added automatically (received "Other"). Fix: remove this option, or name the concrete alternative it stands for
      - questions[1].question: is missing. Fix: write the decision you need as one question
      - questions[1].header: is missing. Fix: give every question a short, unique tab label (at most 12 characters), e.g. "Database"
      - questions[1].options: is missing. Fix: add 2-8 options, each {"label": "..."}"
    `);
  });
});
