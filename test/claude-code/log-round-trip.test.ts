import { describe, expect, it } from "vitest";
import { decisionFor } from "../../src/claude-code/native-answer.ts";
import { classifyAskResult } from "../../src/transcripts/claude/ask-result.ts";
import { answered, NATIVE_INPUT } from "./native-fixtures.ts";

/** What `askuser log` reads from the session log for a refusal the hook wrote. */
function logged(text: string) {
  const result = classifyAskResult({ text, isError: true, toolUseResult: text }, NATIVE_INPUT);
  return {
    outcome: result?.outcome,
    answers: result?.questions.map((question) => question.answer?.selected ?? null),
  };
}

describe("askuser log reads back what the hook told the model", () => {
  const partial = decisionFor(answered({ q1: "SQLite" }), "page", NATIVE_INPUT.questions);
  const cancel = decisionFor(
    answered({}, { kind: "cancelled", origin: "user" }),
    "answer-cli",
    NATIVE_INPUT.questions,
  );
  const text = (decision: typeof partial) => (decision.kind === "refuse" ? decision.text : "");

  it("a partial answer given on the page is partly answered, with its answer", () => {
    expect(logged(text(partial))).toEqual({
      outcome: "partly-answered",
      answers: [["SQLite"], null],
    });
  });

  it("the same behind PreToolUse's prefix (route-away)", () => {
    expect(logged(`PreToolUse:AskUserQuestion hook error: ${text(partial)}`).outcome).toBe(
      "partly-answered",
    );
  });

  it("a cancel with askuser answer is cancelled", () => {
    expect(logged(text(cancel))).toEqual({ outcome: "cancelled", answers: [null, null] });
  });

  it("any other hook error stays an error", () => {
    expect(logged("PreToolUse:AskUserQuestion hook error: something broke").outcome).toBe("error");
  });
});
