import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  cancelledBeforeOpenDetails,
  modelText,
  withProvenance,
} from "../../src/core/index.ts";
import { askOf, THREE } from "../support/asks.ts";

const ask = askOf(THREE);
const answered: AskDetails = {
  status: "answered",
  questions: ask.questions,
  answers: { db: { selected: ["SQLite"] } },
  unanswered: ["features", "api"],
};
const page = { place: "page", reporter: "client" } as const;

describe("withProvenance: where an end was given, who reported one no person chose", () => {
  it.each([
    ["an answer", answered, { answeredIn: "page" }],
    [
      "the user's cancel",
      { ...answered, status: "cancelled", origin: "user" },
      { answeredIn: "page" },
    ],
    [
      "a timeout with a draft",
      { ...answered, status: "timed_out" },
      { answeredIn: "page", reportedBy: "client" },
    ],
    [
      "a lifecycle end with nothing typed",
      cancelledBeforeOpenDetails(ask, "turn_abort"),
      { reportedBy: "client" },
    ],
  ] as const)("%s", (_name, details, expected) => {
    const attributed = withProvenance(details as AskDetails, page);
    expect({ answeredIn: attributed.answeredIn, reportedBy: attributed.reportedBy }).toEqual({
      answeredIn: undefined,
      reportedBy: undefined,
      ...expected,
    });
  });

  it("keeps a place already recorded: a page answer the terminal host passes on stays the page's", () => {
    const fromPage = withProvenance(answered, page);
    expect(withProvenance(fromPage, { place: "terminal", reporter: "lifecycle" })).toEqual(
      fromPage,
    );
  });

  it("leaves what ended no ask alone", () => {
    const pending: AskDetails = { ...answered, status: "pending", answers: {} };
    expect(withProvenance(pending, page)).toEqual(pending);
  });
});

describe("modelText says where, when it was not the asking agent's own form", () => {
  it.each([
    [{ ...answered, answeredIn: "page" }, "Answered on the answer page."],
    [{ ...answered, answeredIn: "answer_command" }, "Answered with askuser answer."],
    [{ ...answered, answeredIn: "extension" }, "Answered through another Pi extension."],
    [{ ...answered, answeredIn: "answers_file" }, "Answered from an answers file."],
    [
      { ...answered, status: "cancelled", origin: "user", answeredIn: "page" },
      "Cancelled on the answer page.",
    ],
    [
      { ...answered, status: "timed_out", answeredIn: "page", reportedBy: "lifecycle" },
      "The answers so far were given on the answer page.",
    ],
    [
      { ...cancelledBeforeOpenDetails(ask, "disconnected"), reportedBy: "client" },
      "This end was reported by the client showing the question; the user did not choose it.",
    ],
  ] as const)("%j ends with %j", (details, line) => {
    const text = modelText(details as AskDetails);
    expect(text.split("\n").at(-1)).toBe(line);
  });

  it.each(["terminal", "mcp_form"] as const)("adds nothing for %s", (place) => {
    expect(modelText({ ...answered, answeredIn: place })).toBe(modelText(answered));
  });

  it("a lifecycle end reports no answers, so it names no place for them", () => {
    const ended: AskDetails = {
      ...answered,
      status: "cancelled",
      origin: "turn_abort",
      answeredIn: "page",
      reportedBy: "lifecycle",
    };
    expect(modelText(ended)).toBe(
      modelText({ ...answered, status: "cancelled", origin: "turn_abort" }),
    );
  });
});
