import { describe, expect, it } from "vitest";
import { decisionFor } from "../../src/claude-code/native-answer.ts";
import { answered, NATIVE_INPUT } from "./native-fixtures.ts";

const native = NATIVE_INPUT.questions;

describe("decisionFor: what Claude Code is told when another surface ended the ask", () => {
  it("a full answer: the questions unchanged, the answers keyed by question text, notes and where", () => {
    const details = answered({
      q1: "Postgres",
      q2: { selected: ["Auth", "Search"], comment: "keep it small" },
    });
    const decision = decisionFor(details, "page", native);
    expect(decision).toEqual({
      kind: "answer",
      updatedInput: {
        questions: native,
        answers: { "Which database?": "Postgres", "Which features?": "Auth, Search" },
        annotations: {
          "Which database?": { notes: "(answered on the answer page)" },
          "Which features?": { notes: "keep it small (answered on the answer page)" },
        },
      },
    });
    if (decision.kind === "answer") expect(decision.updatedInput.questions).toBe(native);
  });

  it("typed text stands as the value, after the chosen labels of a multi-select", () => {
    const details = answered({
      q1: { other: "MariaDB" },
      q2: { selected: ["Auth"], other: "Billing" },
    });
    const decision = decisionFor(details, "answer-cli", native);
    expect(decision.kind === "answer" && decision.updatedInput.answers).toEqual({
      "Which database?": "MariaDB",
      "Which features?": "Auth, Billing",
    });
  });

  it("names the native label when askuser's validation trimmed it", () => {
    const input = {
      questions: [
        {
          question: "Which database?",
          header: "Database",
          multiSelect: false,
          options: [
            { label: " Postgres ", description: "m" },
            { label: "SQLite", description: "f" },
          ],
        },
      ],
    };
    const decision = decisionFor(
      answered({ q1: "Postgres" }, undefined, input),
      "page",
      input.questions,
    );
    expect(decision.kind === "answer" && decision.updatedInput.answers).toEqual({
      "Which database?": " Postgres ",
    });
  });

  it("records the chosen option's preview, as the dialog does", () => {
    const input = {
      questions: [
        {
          question: "Which layout?",
          header: "Layout",
          options: [
            { label: "Grid", description: "g", preview: "+--+" },
            { label: "List", description: "l", preview: "- a" },
          ],
          multiSelect: false,
        },
      ],
    };
    const decision = decisionFor(
      answered({ q1: "List" }, undefined, input),
      "page",
      input.questions,
    );
    expect(decision.kind === "answer" && decision.updatedInput.annotations).toEqual({
      "Which layout?": { notes: "(answered on the answer page)", preview: "- a" },
    });
  });

  it("a partial answer is refused with askuser's text, which names the unanswered question", () => {
    const decision = decisionFor(
      answered({ q1: { selected: ["Postgres"], comment: "fast" } }),
      "page",
      native,
    );
    expect(decision).toEqual({
      kind: "refuse",
      text: [
        "The user submitted the form but left some questions unanswered:",
        '"Which database?" = "Postgres — fast"',
        '"Which features?" = (no answer)',
        'Unanswered: "Which features?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter.',
        "Answered on the answer page.",
      ].join("\n"),
    });
  });

  it("the user's cancel is refused with askuser's cancel text", () => {
    const details = answered({}, { kind: "cancelled", origin: "user" });
    expect(decisionFor(details, "page", native)).toEqual({
      kind: "refuse",
      text: [
        'The user cancelled the questions without answering any of them. Unanswered: "Which database?", "Which features?". Do not assume answers: continue only with work that does not depend on these decisions, or ask the user how they want to proceed.',
        "Cancelled on the answer page.",
      ].join("\n"),
    });
  });

  it("a question back names Claude Code's tool, not ask_user", () => {
    const details = answered({ clarification: { about: "q2", question: "What is Search for?" } });
    const decision = decisionFor(details, "page", native);
    expect(decision.kind).toBe("refuse");
    if (decision.kind !== "refuse") return;
    expect(decision.text).toContain("call AskUserQuestion again");
    expect(decision.text).not.toContain("ask_user");
  });
});
