import { describe, expect, it } from "vitest";
import { decisionFor, type NativeDecision } from "../../src/claude-code/native-answer.ts";
import { classifyAskResult } from "../../src/transcripts/claude/ask-result.ts";
import { answered, NATIVE_INPUT } from "./native-fixtures.ts";

/** What `askuser log` reads from the session log for a refusal the hook wrote. */
function refusalLogged(text: string) {
  const result = classifyAskResult({ text, isError: true, toolUseResult: text }, NATIVE_INPUT);
  return {
    outcome: result?.outcome,
    answeredIn: result?.answeredIn ?? null,
    answers: result?.questions.map((question) => question.answer?.selected ?? null),
  };
}

/**
 * What `askuser log` reads for an answer the tool ran with: Claude Code records the answers and
 * annotations it was given (by the hook or by its own dialog) as the result's structured part.
 */
function answerLogged(structured: Record<string, unknown>, text = "") {
  const result = classifyAskResult(
    { text, isError: false, toolUseResult: structured },
    NATIVE_INPUT,
  );
  return {
    outcome: result?.outcome,
    answeredIn: result?.answeredIn ?? null,
    notes: result?.questions.map((question) => question.answer?.notes ?? null),
  };
}

const refusal = (decision: NativeDecision) => (decision.kind === "refuse" ? decision.text : "");
const updated = (decision: NativeDecision) =>
  decision.kind === "answer" ? { ...decision.updatedInput } : {};

describe("askuser log reads back which surface answered a native question", () => {
  const partial = decisionFor(answered({ q1: "SQLite" }), "page", NATIVE_INPUT.questions);
  const cancel = decisionFor(
    answered({}, { kind: "cancelled", origin: "user" }),
    "answer-cli",
    NATIVE_INPUT.questions,
  );
  const full = decisionFor(
    answered({ q1: "SQLite", q2: { selected: ["Auth"], comment: "keep it small" } }),
    "page",
    NATIVE_INPUT.questions,
  );

  it("a partial answer given on the page: partly answered, with its answer, on the page", () => {
    expect(refusalLogged(refusal(partial))).toEqual({
      outcome: "partly-answered",
      answeredIn: "page",
      answers: [["SQLite"], null],
    });
  });

  it("the same behind PreToolUse's prefix (route-away)", () => {
    expect(
      refusalLogged(`PreToolUse:AskUserQuestion hook error: ${refusal(partial)}`),
    ).toMatchObject({ outcome: "partly-answered", answeredIn: "page" });
  });

  it("a cancel with askuser answer: cancelled, with askuser answer", () => {
    expect(refusalLogged(refusal(cancel))).toEqual({
      outcome: "cancelled",
      answeredIn: "answer_command",
      answers: [null, null],
    });
  });

  it("a full answer from the page: answered on the page, the user's notes without the place", () => {
    expect(answerLogged(updated(full))).toEqual({
      outcome: "answered",
      answeredIn: "page",
      notes: [null, "keep it small"],
    });
  });

  it("a full answer from the page, read from the text alone (no structured result)", () => {
    const text =
      'The user answered: "Which database?"="SQLite" notes: (answered on the answer page), "Which features?"="Auth" notes: keep it small (answered on the answer page). Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.';
    const result = classifyAskResult({ text, isError: false, toolUseResult: text }, NATIVE_INPUT);
    expect(result?.answeredIn).toBe("page");
    expect(result?.questions.map((question) => question.answer?.notes ?? null)).toEqual([
      null,
      "keep it small",
    ]);
  });

  it("an answer from Claude Code's own dialog names no place: the dialog is the default", () => {
    expect(
      answerLogged({
        questions: NATIVE_INPUT.questions,
        answers: { "Which database?": "Postgres", "Which features?": "Auth" },
      }),
    ).toEqual({ outcome: "answered", answeredIn: null, notes: [null, null] });
  });

  it("a note typed in the dialog that ends like the hook's place note, on one question only, stays a note", () => {
    expect(
      answerLogged({
        questions: NATIVE_INPUT.questions,
        answers: { "Which database?": "Postgres", "Which features?": "Auth" },
        annotations: { "Which features?": { notes: "odd (answered on the answer page)" } },
      }),
    ).toEqual({
      outcome: "answered",
      answeredIn: null,
      notes: [null, "odd (answered on the answer page)"],
    });
  });

  it("any other hook error stays an error", () => {
    expect(refusalLogged("PreToolUse:AskUserQuestion hook error: something broke").outcome).toBe(
      "error",
    );
  });

  it("askuser's text without a place line (not the hook's refusal) is not read as one", () => {
    expect(
      refusalLogged("The user cancelled the questions without answering any of them.").outcome,
    ).toBe("error");
  });
});
