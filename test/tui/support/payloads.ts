import type { AskInput } from "../../../src/core/index.ts";

/** One single-select question without descriptions: the plainest form. */
export const PICK_ONE: AskInput = {
  questions: [
    {
      question: "Which runtime?",
      options: [{ label: "Node" }, { label: "Deno" }, { label: "Bun" }],
    },
  ],
};

/** One multi-select question that takes a note. */
export const PICK_MANY: AskInput = {
  questions: [
    {
      question: "Which checks should CI run?",
      multiSelect: true,
      allowComment: true,
      options: [{ label: "Lint" }, { label: "Types" }, { label: "Tests" }],
    },
  ],
};

/** One single-select question that takes a note. */
export const PICK_WITH_NOTE: AskInput = {
  questions: [
    {
      question: "Which license?",
      allowComment: true,
      options: [{ label: "MIT" }, { label: "Apache-2.0" }],
    },
  ],
};

/** Two questions: tabs and a Submit tab. */
export const TWO_QUESTIONS: AskInput = {
  questions: [
    {
      header: "Runtime",
      question: "Which runtime?",
      allowComment: true,
      options: [{ label: "Node" }, { label: "Deno" }],
    },
    {
      header: "Checks",
      question: "Which checks?",
      multiSelect: true,
      options: [{ label: "Lint" }, { label: "Types" }],
    },
  ],
};

/** A question whose options carry descriptions and a long preview: split pane and scrolling. */
export const WITH_PREVIEWS: AskInput = {
  questions: [
    {
      question: "Which schema?",
      context: "The table holds about a million rows.",
      options: [
        {
          label: "Narrow",
          description: "Few columns, joins for the rest.",
          preview: Array.from({ length: 30 }, (_, i) => `narrow line ${i + 1}`).join("\n"),
        },
        { label: "Wide", description: "One table, many nullable columns.", preview: "wide\ttable" },
      ],
    },
  ],
};

export { largestPayload } from "../../../bench/largest-payload.ts";
