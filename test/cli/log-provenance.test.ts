import { describe, expect, it } from "vitest";
import { outcomeLabel } from "../../src/cli/log-style.ts";
import type { AskExchange } from "../../src/transcripts/index.ts";
import { classifyOwnDetails } from "../../src/transcripts/own-details.ts";

const stored = {
  status: "answered",
  questions: [{ id: "db", header: "DB", question: "Which?", options: [{ label: "A" }] }],
  answers: { db: { selected: ["A"] } },
  unanswered: [],
};

function exchange(fields: Partial<AskExchange>): AskExchange {
  return {
    outcome: "answered",
    cancelledBy: null,
    answeredIn: null,
    reportedBy: null,
    ...fields,
  } as AskExchange;
}

describe("askuser log shows where our own ask_user's end was given", () => {
  it("reads the place from stored details, and none from details of older versions", () => {
    expect(classifyOwnDetails({ ...stored, answeredIn: "answer_command" })?.answeredIn).toBe(
      "answer_command",
    );
    expect(classifyOwnDetails(stored)).not.toHaveProperty("answeredIn");
  });

  it.each([
    [exchange({ answeredIn: "page" }), "answered (on the answer page)"],
    [exchange({ answeredIn: "answer_command" }), "answered (with askuser answer)"],
    [
      exchange({ outcome: "cancelled", cancelledBy: "ui_failure", reportedBy: "client" }),
      "cancelled (ui failure), reported by the client showing the question",
    ],
    [
      exchange({ outcome: "cancelled", cancelledBy: "turn_abort", reportedBy: "lifecycle" }),
      "cancelled (turn abort)",
    ],
    [exchange({}), "answered"],
  ])("%#: %s", (ask, label) => {
    expect(outcomeLabel(ask)).toBe(label);
  });
});
