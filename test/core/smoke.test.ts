import { describe, expect, it } from "vitest";
import {
  createFormState,
  detailsFromForm,
  modelText,
  reduceForm,
  validateAskInput,
} from "../../src/core/index.ts";

describe("core smoke", () => {
  it("answers a two-question form", () => {
    const result = validateAskInput({
      questions: [
        {
          question: "Which database?",
          header: "DB",
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
        {
          question: "Which features?",
          header: "Features",
          multiSelect: true,
          options: [{ label: "Auth" }, { label: "Search" }],
        },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    let state = createFormState(result.ask);
    for (const action of [
      { type: "activate" },
      { type: "toggle" },
      { type: "moveDown" },
      { type: "toggle" },
      { type: "activate" },
      { type: "activate" },
    ] as const) {
      state = reduceForm(state, action);
    }
    const details = detailsFromForm(state);
    expect(details.status).toBe("answered");
    expect(modelText(details)).toBe(
      'The user answered:\n"Which database?" = "Postgres"\n"Which features?" = "Auth, Search"',
    );
  });
});
