import { describe, expect, it } from "vitest";
import { type Ask, answerFromScript, draftFromScript, modelText } from "../../src/core/index.ts";

const ask: Ask = {
  questions: [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      multiSelect: false,
      allowComment: false,
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features?",
      multiSelect: true,
      allowComment: false,
      options: [{ label: "Refunds" }, { label: "Webhooks" }],
    },
  ],
};

function issuesOf(result: ReturnType<typeof answerFromScript>): string {
  if (result.ok) throw new Error("expected issues");
  return result.issues.map((issue) => `${issue.path}: ${issue.problem}`).join("\n");
}

describe("presentedType in a page's answers", () => {
  it("replays the switch, so a single-select question shown as multi takes several labels", () => {
    const result = answerFromScript(ask, {
      db: ["Postgres", "SQLite"],
      presentedType: { db: "multi" },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.details.status).toBe("answered");
    expect(result.details.answers.db?.selected).toEqual(["Postgres", "SQLite"]);
    expect(result.details.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
    expect(result.details.questions[0]?.multiSelect).toBe(false);
    expect(modelText(result.details)).toContain("multi");
  });

  it("keeps the switch in a draft", () => {
    const result = draftFromScript(ask, {
      db: ["Postgres", "SQLite"],
      presentedType: { db: "multi" },
    });
    expect(result.ok && result.details.presentedType?.db?.presented).toBe("multi");
  });

  it.each([
    [{ nope: "multi" }, 'presentedType["nope"]', "names no question id"],
    [{ db: "single" }, "presentedType.db", "is how question db was asked"],
    [{ db: "preview" }, "presentedType.db", "cannot show as preview"],
    [{ db: 3 }, "presentedType.db", "must be"],
    ["multi", "presentedType", "must be an object"],
  ])("refuses presentedType %j naming the field", (value, path, problem) => {
    const text = issuesOf(answerFromScript(ask, { presentedType: value }));
    expect(text).toContain(path);
    expect(text).toContain(problem);
  });

  it("still refuses several labels for a single-select question without the switch", () => {
    expect(issuesOf(answerFromScript(ask, { db: ["Postgres", "SQLite"] }))).toContain(
      "single-select",
    );
  });
});

describe("clarification in a page's answers", () => {
  it("ends the ask as clarification_requested, keeping the answers confirmed before", () => {
    const result = answerFromScript(ask, {
      db: "SQLite",
      clarification: { about: "features", question: "What are webhooks for?" },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.details.status).toBe("clarification_requested");
    expect(result.details.clarification).toEqual({
      about: "features",
      question: "What are webhooks for?",
    });
    expect(result.details.answers.db?.selected).toEqual(["SQLite"]);
  });

  it.each([
    [{ about: "nope", question: "Why?" }, "clarification.about", "names no question id"],
    [{ about: "db", question: "  " }, "clarification.question", "must be non-empty text"],
    [{ about: "db", question: 7 }, "clarification.question", "must be non-empty text"],
    [{ about: "db", question: "Why?", extra: 1 }, 'clarification["extra"]', "is not a known field"],
    ["Why?", "clarification", "must be an object"],
  ])("refuses clarification %j naming the field", (value, path, problem) => {
    const text = issuesOf(answerFromScript(ask, { clarification: value }));
    expect(text).toContain(path);
    expect(text).toContain(problem);
  });

  it("a clarification full of escapes reaches the details exactly and the model text as escapes", () => {
    const typed = "why \u001b[31m\u202eexe\u0007?";
    const result = answerFromScript(ask, { clarification: { about: "db", question: typed } });
    expect(result.ok && result.details.clarification?.question).toBe(typed);
    const text = result.ok ? modelText(result.details) : "";
    // biome-ignore lint/suspicious/noControlCharactersInRegex: none may be in the model text
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/u);
    expect(text).toContain("\\u001b[31m");
  });

  it("refuses a clarification in a draft or a cancel: only an answer asks back", () => {
    const clarification = { about: "db", question: "Why?" };
    expect(issuesOf(draftFromScript(ask, { clarification }))).toContain("clarification");
    expect(
      issuesOf(answerFromScript(ask, { clarification }, { kind: "cancelled", origin: "user" })),
    ).toContain("clarification");
  });

  it("refuses a clarification about a one-question ask whose answer already ended it", () => {
    const one: Ask = { questions: ask.questions.slice(0, 1) };
    const text = issuesOf(
      answerFromScript(one, { db: "SQLite", clarification: { about: "db", question: "Why?" } }),
    );
    expect(text).toContain("clarification");
  });
});

describe("presentedType written by the presentSingleAsMulti setting", () => {
  it("replays the setting, so the details say the setting changed the type", () => {
    const result = answerFromScript(ask, {
      db: ["Postgres", "SQLite"],
      presentedType: { db: { presented: "multi", changedBy: "setting" } },
    });
    expect(result.ok && result.details.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "setting" },
    });
  });

  it.each([
    [{ presented: "single", changedBy: "setting" }, "presentedType.features.changedBy"],
    [{ presented: "single", changedBy: "robot" }, "presentedType.features.changedBy"],
    [{ presented: "multi", by: "user" }, 'presentedType.db["by"]'],
    [{ changedBy: "user" }, "presentedType.db.presented"],
  ])("refuses the entry %j, naming %s", (entry, path) => {
    const id = path.startsWith("presentedType.features") ? "features" : "db";
    const result = answerFromScript(ask, { presentedType: { [id]: entry } });
    expect(issuesOf(result)).toContain(`${path}:`);
  });
});
