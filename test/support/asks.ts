import { type Ask, type AskInput, validateAskInput } from "../../src/core/index.ts";

/** Validates a payload that a test knows to be valid, failing loudly if it is not. */
export function askOf(input: AskInput | unknown): Ask {
  const result = validateAskInput(input);
  if (!result.ok) throw new Error(`test payload is invalid: ${JSON.stringify(result.issues)}`);
  return result.ask;
}

export const SINGLE: AskInput = {
  questions: [
    {
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }, { label: "DynamoDB" }],
    },
  ],
};

export const SINGLE_WITH_COMMENT: AskInput = {
  questions: [{ ...SINGLE.questions[0]!, allowComment: true }],
};

/** Three questions: single-select, multi-select with comments, single-select. */
export const THREE: AskInput = {
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features?",
      multiSelect: true,
      allowComment: true,
      options: [{ label: "Auth" }, { label: "Search" }, { label: "Export" }],
    },
    {
      id: "api",
      header: "API",
      question: "Which API style?",
      options: [{ label: "REST" }, { label: "GraphQL" }],
    },
  ],
};

/** A single-select question with a note and a multi-select one: a type switch in each direction. */
export const RESHAPE: AskInput = {
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      allowComment: true,
      options: [{ label: "Postgres" }, { label: "SQLite" }, { label: "DynamoDB" }],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features?",
      multiSelect: true,
      allowComment: true,
      options: [{ label: "Auth" }, { label: "Search" }, { label: "Export" }],
    },
  ],
};

/** A single-select question whose options carry previews, and a second one so it has tabs. */
export const PREVIEWED: AskInput = {
  questions: [
    {
      id: "layout",
      header: "Layout",
      question: "Which layout?",
      options: [
        { label: "Sidebar", preview: "┌──┬────┐\n│  │    │\n└──┴────┘" },
        { label: "Tabs", preview: "┌─┬─┬─┐\n│      │\n└──────┘" },
      ],
    },
    {
      id: "theme",
      header: "Theme",
      question: "Which theme?",
      options: [{ label: "Dark" }, { label: "Light" }],
    },
  ],
};
