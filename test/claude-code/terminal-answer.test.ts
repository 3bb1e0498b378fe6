import { describe, expect, it } from "vitest";
import { detailsFromTerminal } from "../../src/claude-code/terminal-answer.ts";
import { NATIVE_INPUT, nativeAsk } from "./native-fixtures.ts";

const read = (toolResponse: unknown) =>
  detailsFromTerminal(nativeAsk(), NATIVE_INPUT.questions, toolResponse);

describe("detailsFromTerminal: what Claude Code's dialog answered, as the page shows it", () => {
  it("reads labels, a multi-select's joined labels and notes", () => {
    const details = read({
      answers: { "Which database?": "Postgres", "Which features?": "Auth, Search" },
      annotations: { "Which features?": { notes: "small" } },
    });
    expect(details.status).toBe("answered");
    expect(details.answers).toEqual({
      q1: { selected: ["Postgres"] },
      q2: { selected: ["Auth", "Search"], comment: "small" },
    });
  });

  it("keeps typed text as typed", () => {
    const details = read({
      answers: { "Which database?": "MariaDB please", "Which features?": "Auth, Billing, Export" },
    });
    expect(details.answers).toEqual({
      q1: { selected: [], other: "MariaDB please" },
      q2: { selected: ["Auth"], other: "Billing, Export" },
    });
  });

  it("a question the dialog left out is unanswered, never invented", () => {
    const details = read({ answers: { "Which database?": "SQLite" } });
    expect(details.unanswered).toEqual(["q2"]);
  });

  it.each([
    ["no answers", { answers: {} }],
    ["no tool_response", undefined],
    ["answers that are not strings", { answers: { "Which database?": 3 } }],
  ])("%s: the user's cancel with nothing answered", (_, response) => {
    const details = read(response);
    expect(details.status).toBe("cancelled");
    expect(details.origin).toBe("user");
    expect(details.answers).toEqual({});
  });
});
