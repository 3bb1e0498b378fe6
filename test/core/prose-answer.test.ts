import { describe, expect, it } from "vitest";
import {
  askFromProse,
  cancelledBeforeOpenDetails,
  extractionRequest,
  type LeftOut,
  proseAnswerText,
} from "../../src/core/index.ts";
import { askOf } from "../support/asks.ts";

const ask = askOf({
  questions: [
    { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
  ],
});
const answered = {
  status: "answered" as const,
  questions: ask.questions,
  answers: { q1: { selected: ["SQLite"] } },
  unanswered: [],
};

describe("proseAnswerText", () => {
  it("a cancel sends nothing", () => {
    expect(proseAnswerText(cancelledBeforeOpenDetails(ask, "user"), false)).toBeUndefined();
  });

  it("names the questions the form left out, so the agent never takes the answers for all", () => {
    const message = [
      "1. Which database?",
      "   a) Postgres",
      "   b) SQLite",
      "2. What should we call it?",
      ...Array.from({ length: 13 }, (_, i) => `${i + 3}. Pick ${i + 3}?\n   - A\n   - B`),
    ].join("\n");
    const { leftOut } = askFromProse(message);
    expect(proseAnswerText(answered, false, leftOut)).toMatchInlineSnapshot(`
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.
      The user answered:
      "Which database?" = "SQLite"
      Not in the form, so not answered: "What should we call it?", "Pick 6?", "Pick 7?", "Pick 8?", "Pick 9?", "Pick 10?", "Pick 11?", "Pick 12?", "Pick 13?", "Pick 14?" and 1 more. Do not assume answers to these; ask again if they matter."
    `);
  });

  it("counts questions a model left out without naming them, and escapes what it names", () => {
    const leftOut: LeftOut[] = [
      { scope: "option", text: "Other", reason: "…" },
      {
        scope: "question",
        text: "Which \u001b[2Jone?",
        reason: "the form takes at most 4 questions",
      },
      { scope: "question", count: 2, text: "2 questions", reason: "…" },
    ];
    expect(proseAnswerText(answered, true, leftOut)?.split("\n").at(-1)).toBe(
      'Not in the form, so not answered: "Which \\u001b[2Jone?" and 2 more. Do not assume answers to these; ask again if they matter.',
    );
  });
});

describe("extractionRequest", () => {
  it("sends the end of a long message, never half a character, and says how much was left out", () => {
    const message = `${"😀".repeat(40_000)}a`;
    const { text, cut } = extractionRequest(message);
    const body = text.split("<<<MESSAGE\n")[1] ?? "";
    expect(cut).toBe(20_002);
    expect(body.codePointAt(0)).toBe(0x1f600);
    expect(text).toContain("(The first 20002 characters of the message are left out.)");
  });
});
