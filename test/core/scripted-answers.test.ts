import { describe, expect, it } from "vitest";
import { answerFromScript, formatIssue } from "../../src/core/index.ts";
import { askOf, THREE } from "../support/asks.ts";

const ask = askOf(THREE);

function issuesOf(script: unknown): string[] {
  const result = answerFromScript(ask, script);
  return result.ok ? [] : result.issues.map(formatIssue);
}

describe("answerFromScript", () => {
  it("accepts keys by id, header and question text, and every value shape", () => {
    const result = answerFromScript(ask, {
      db: "SQLite",
      Features: { selected: ["Auth", "Export"], other: "Billing", comment: "small first" },
      "Which API style?": ["GraphQL"],
    });
    expect(result).toMatchObject({
      ok: true,
      details: {
        status: "answered",
        answers: {
          db: { selected: ["SQLite"] },
          features: { selected: ["Auth", "Export"], other: "Billing", comment: "small first" },
          api: { selected: ["GraphQL"] },
        },
        unanswered: [],
      },
    });
  });

  it("reports questions it leaves out as unanswered", () => {
    const result = answerFromScript(ask, { api: { other: "JSON-RPC" } });
    expect(result).toMatchObject({
      ok: true,
      details: {
        status: "answered",
        answers: { api: { selected: [], other: "JSON-RPC" } },
        unanswered: ["db", "features"],
      },
    });
  });

  it("names the question and the valid labels when a label does not exist", () => {
    expect(issuesOf({ db: "Postgre" })).toEqual([
      'answers["db"]: names no option of question db ("Which database?") (received "Postgre"). Fix: use one of "Postgres", "SQLite", or put your own answer in "other"',
    ]);
  });

  it("rejects several answers to a single-select question", () => {
    expect(issuesOf({ api: ["REST", "GraphQL"] })).toEqual([
      'answers["api"]: gives 2 answers to single-select question api. Fix: choose exactly one of "REST", "GraphQL", or only "other"',
    ]);
  });

  it("rejects unknown questions, comments where none are allowed, and non-objects", () => {
    expect(issuesOf({ nope: "x", db: { selected: "SQLite", comment: "why" } })).toEqual([
      'answers["nope"]: names no question of this ask. Fix: use a question id (db, features, api), a header or the question text',
      'answers["db"].comment: question db does not take a comment (allowComment is false). Fix: remove the comment',
    ]);
    expect(issuesOf(["SQLite"])[0]).toContain("answers: must be a JSON object");
  });

  it("rejects an answers file nested too deep with one issue instead of overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"SQLite"${"]".repeat(100_000)}`);
    const [issue, ...rest] = issuesOf({ db: deep });
    expect(rest).toEqual([]);
    expect(issue).toMatch(
      /^answers\.db[[\]0]+… \(\d+ more characters\): nests arrays and objects more than 64 deep/u,
    );
    // The fix is about an answers file, not the payload's questions.
    expect(issue).not.toContain('"questions"');
    expect(issue).toContain('{"db": "');
  });

  it("lists the first 20 problems of each kind and counts the rest", () => {
    const script = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`nope${i}`, "x"]));
    const lines = issuesOf(script);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe(
      'answers["nope20"] … answers["nope999"]: and 980 more like the one above, not listed one by one. Fix: use a question id (db, features, api), a header or the question text',
    );
  });

  it("refuses a key that is one question's id and another's header, naming both and a key for each", () => {
    const crossed = askOf({
      questions: [
        {
          id: "store",
          header: "Cache",
          question: "Which cache?",
          options: [{ label: "A" }, { label: "B" }],
        },
        {
          id: "cache",
          header: "Disk",
          question: "Which store?",
          options: [{ label: "C" }, { label: "D" }],
        },
      ],
    });
    const result = answerFromScript(crossed, { cache: "A" });
    expect(result.ok ? [] : result.issues.map(formatIssue)).toEqual([
      'answers["cache"]: matches more than one question: the header of question store ("Which cache?") and the id of question cache ("Which store?"). Fix: use a key only one question has: "store" for question store, "Disk" for question cache',
    ]);
    expect(answerFromScript(crossed, { store: "A", Disk: "D" })).toMatchObject({
      ok: true,
      details: { answers: { store: { selected: ["A"] }, cache: { selected: ["D"] } } },
    });
  });

  it("accepts a key that is the id and the header of the same question", () => {
    expect(answerFromScript(ask, { db: "SQLite" }).ok).toBe(true);
  });

  it("rejects a lone surrogate in the other text or the comment", () => {
    expect(issuesOf({ features: { other: "Bill\ud800", comment: "\udc00" } })).toEqual([
      'answers["features"].other: contains a lone surrogate U+D800, half of a character (received "Bill\\ud800"). Fix: write the character itself, or both halves of its \\u escape pair',
      'answers["features"].comment: contains a lone surrogate U+DC00, half of a character (received "\\udc00"). Fix: write the character itself, or both halves of its \\u escape pair',
    ]);
  });

  it("rejects other text made only of invisible characters", () => {
    expect(issuesOf({ api: { other: "\u200b\u2060" } })[0]).toContain(
      'answers["api"].other: must be non-empty text',
    );
  });

  it("matches labels, headers and question texts as a person reads them", () => {
    const accented = askOf({
      questions: [
        {
          header: "Café",
          question: "Which café?",
          options: [{ label: "Crème" }, { label: "Thé" }],
        },
        {
          header: "Tea",
          question: "Which tea?",
          options: [{ label: "Green" }, { label: "Black" }],
        },
      ],
    });
    const result = answerFromScript(accented, {
      "Cafe\u0301": "Cre\u0300me",
      "Which\u200b tea?": "black",
    });
    expect(result).toMatchObject({
      ok: true,
      details: { answers: { q1: { selected: ["Crème"] }, q2: { selected: ["Black"] } } },
    });
  });
});

describe("answerFromScript: a header names its question whenever only that question has it", () => {
  const one = askOf({
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
    ],
  });

  it("in a one-question ask, as GET /api/asks lists it", () => {
    const result = answerFromScript(one, { Database: "SQLite" });
    expect(result.ok && result.details.answers).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("in a one-question ask, matched as validation compares text", () => {
    const result = answerFromScript(one, { " DATABASE ": "SQLite" });
    expect(result.ok && result.details.answers).toEqual({ db: { selected: ["SQLite"] } });
  });
});
