import { describe, expect, it } from "vitest";
import { askFromNative } from "../../src/claude-code/native-ask.ts";
import { NATIVE_INPUT } from "./native-fixtures.ts";

describe("askFromNative: AskUserQuestion's input as an askuser ask, one to one", () => {
  it("keeps each question, header, option and multiSelect, and lets every question take a note", () => {
    const mapped = askFromNative(NATIVE_INPUT);
    if (!mapped.ok) throw new Error(mapped.problems.join("\n"));
    expect(mapped.ask.questions).toEqual([
      {
        id: "q1",
        header: "Database",
        question: "Which database?",
        options: [
          { label: "Postgres", description: "mature" },
          { label: "SQLite", description: "one file" },
        ],
        multiSelect: false,
        allowComment: true,
      },
      {
        id: "q2",
        header: "Features",
        question: "Which features?",
        options: [
          { label: "Auth", description: "a" },
          { label: "Search", description: "b" },
        ],
        multiSelect: true,
        allowComment: true,
      },
    ]);
    expect(mapped.native).toBe(NATIVE_INPUT.questions);
    expect(mapped.notShown).toEqual([]);
  });

  it("carries option previews, as the dialog shows them beside the list", () => {
    const input = {
      questions: [
        {
          question: "Which layout?",
          header: "Layout",
          options: [
            { label: "Grid", description: "g", preview: "+--+\n|  |\n+--+" },
            { label: "List", description: "l", preview: "- a\n- b" },
          ],
          multiSelect: false,
        },
      ],
    };
    const mapped = askFromNative(input);
    if (!mapped.ok) throw new Error(mapped.problems.join("\n"));
    expect(mapped.ask.questions[0]?.options.map((option) => option.preview)).toEqual([
      "+--+\n|  |\n+--+",
      "- a\n- b",
    ]);
  });

  it("says what it cannot show, above the first question, instead of dropping it", () => {
    const input = {
      questions: [
        { ...NATIVE_INPUT.questions[0], color: "red" },
        {
          ...NATIVE_INPUT.questions[1],
          options: [{ label: "Auth", description: "a", icon: "🔒" }, { label: "Search" }],
        },
      ],
      metadata: { source: "remember" },
      answers: { "Which database?": "Postgres" },
    };
    const mapped = askFromNative(input);
    if (!mapped.ok) throw new Error(mapped.problems.join("\n"));
    expect(mapped.notShown).toEqual([
      `the call's field "answers"`,
      `question 1's field "color"`,
      `question 2, option 1's field "icon"`,
    ]);
    expect(mapped.ask.questions[0]?.context).toBe(
      `Claude Code also sent what askuser cannot show: the call's field "answers"; question 1's field "color"; question 2, option 1's field "icon".`,
    );
  });

  it("names at most five unknown fields and counts the rest", () => {
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i]));
    const mapped = askFromNative({ questions: [{ ...NATIVE_INPUT.questions[0], ...extra }] });
    if (!mapped.ok) throw new Error(mapped.problems.join("\n"));
    expect(mapped.ask.questions[0]?.context).toMatch(/"f4" and 995 more\.$/u);
  });

  it.each([
    ["not an object", "hello", /tool_input: must be an object with a "questions" array/u],
    ["no questions", {}, /tool_input: must be an object with a "questions" array/u],
    [
      "an Other option (askuser always adds its own)",
      {
        questions: [
          { ...NATIVE_INPUT.questions[0], options: [{ label: "A" }, { label: "Other" }] },
        ],
      },
      /questions\[0\]\.options\[1\]\.label/u,
    ],
    [
      "a control character in a label",
      {
        questions: [
          { ...NATIVE_INPUT.questions[0], options: [{ label: "A\u001b[31m" }, { label: "B" }] },
        ],
      },
      /questions\[0\]\.options\[0\]\.label/u,
    ],
    ["five questions", { questions: Array(5).fill(NATIVE_INPUT.questions[0]) }, /questions/u],
  ])("refuses %s, naming the field", (_, input, problem) => {
    const mapped = askFromNative(input);
    expect(mapped.ok).toBe(false);
    if (mapped.ok) return;
    expect(mapped.problems.join("\n")).toMatch(problem);
  });
});
