import { describe, expect, it } from "vitest";
import { unavailableDetails } from "../../src/core/outcome.ts";
import { readStoredDetails } from "../../src/core/stored-details.ts";

const ASK = {
  questions: [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
      multiSelect: false,
      allowComment: true,
    },
  ],
};

describe("readStoredDetails: ask_user details read back from a session file", () => {
  it.each(["non_interactive", "user_away"] as const)(
    "keeps the unavailable reason %s",
    (reason) => {
      const stored = JSON.parse(JSON.stringify(unavailableDetails(ASK, reason))) as unknown;
      expect(readStoredDetails(stored)).toMatchObject({ status: "unavailable", reason });
    },
  );

  it("drops a reason it does not know, and any reason on another status", () => {
    const unknown = { ...unavailableDetails(ASK), reason: "napping" };
    expect(readStoredDetails(unknown)).not.toHaveProperty("reason");
    const answered = {
      status: "answered",
      reason: "user_away",
      questions: ASK.questions,
      answers: { db: { selected: ["Postgres"] } },
      unanswered: [],
    };
    expect(readStoredDetails(answered)).toEqual({
      status: "answered",
      questions: ASK.questions,
      answers: { db: { selected: ["Postgres"] } },
      unanswered: [],
    });
  });

  it("reads a pending ask, keeps the cancel origin, and refuses what is not an outcome", () => {
    expect(
      readStoredDetails({ status: "pending", questions: [], answers: {}, unanswered: [] }),
    ).toMatchObject({ status: "pending" });
    expect(
      readStoredDetails({
        status: "cancelled",
        origin: "turn_abort",
        questions: [],
        answers: {},
        unanswered: [],
      }),
    ).toMatchObject({ origin: "turn_abort" });
    for (const bad of [
      null,
      "answered",
      { status: "done", questions: [], answers: {}, unanswered: [] },
      { status: "answered" },
    ]) {
      expect(readStoredDetails(bad)).toBeUndefined();
    }
  });
});

describe("readStoredDetails: presented types and questions asked back", () => {
  const base = { questions: ASK.questions, answers: {}, unanswered: ["db"] };

  it("keeps each valid presentedType entry and drops damaged ones", () => {
    const stored = {
      ...base,
      status: "answered",
      presentedType: {
        db: { requested: "single", presented: "multi", changedBy: "user" },
        bad: { requested: "single", presented: "triple", changedBy: "user" },
        worse: "multi",
      },
    };
    expect(readStoredDetails(stored)?.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
    const none = { ...stored, presentedType: { bad: { requested: "x" } } };
    expect(readStoredDetails(none)).not.toHaveProperty("presentedType");
    // A question shown as asked was not switched: such an entry would say the user changed it.
    const same = {
      ...stored,
      presentedType: { db: { requested: "multi", presented: "multi", changedBy: "user" } },
    };
    expect(readStoredDetails(same)).not.toHaveProperty("presentedType");
  });

  it("reads clarification_requested with its question, and no clarification on other statuses", () => {
    const clarification = { about: "db", question: "Why?" };
    const stored = { ...base, status: "clarification_requested", clarification };
    expect(readStoredDetails(stored)).toMatchObject({
      status: "clarification_requested",
      clarification,
    });
    expect(readStoredDetails({ ...stored, status: "cancelled" })).not.toHaveProperty(
      "clarification",
    );
    const damaged = { ...stored, clarification: { about: 3, question: "Why?" } };
    expect(readStoredDetails(damaged)).not.toHaveProperty("clarification");
  });
});

describe("readStoredDetails: where an answer was given", () => {
  const answered = {
    status: "answered",
    questions: ASK.questions,
    answers: { db: { selected: ["Postgres"] } },
    unanswered: [],
  };

  it("keeps a known place and reporter, and reads details of older versions without them", () => {
    expect(readStoredDetails({ ...answered, answeredIn: "page" })).toMatchObject({
      answeredIn: "page",
    });
    const lifecycle = { ...answered, status: "cancelled", origin: "turn_abort" };
    expect(readStoredDetails({ ...lifecycle, reportedBy: "lifecycle" })).toMatchObject({
      reportedBy: "lifecycle",
    });
    expect(readStoredDetails(answered)).toEqual(answered);
  });

  it("drops a place or reporter it does not know", () => {
    const read = readStoredDetails({ ...answered, answeredIn: "fax", reportedBy: 3 });
    expect(read).toEqual(answered);
  });
});
