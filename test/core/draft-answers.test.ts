import { describe, expect, it } from "vitest";
import {
  answerFromScript,
  draftFromScript,
  endedWith,
  modelText,
  showsPartialAnswers,
} from "../../src/core/index.ts";
import { askOf, THREE } from "../support/asks.ts";

const ask = askOf(THREE);

describe("a draft from another surface", () => {
  it("is pending details with the confirmed answers, validated like an answers file", () => {
    expect(draftFromScript(ask, { db: "SQLite", features: ["Auth"] })).toMatchObject({
      ok: true,
      details: {
        status: "pending",
        answers: { db: { selected: ["SQLite"] }, features: { selected: ["Auth"] } },
        unanswered: ["api"],
      },
    });
    const bad = draftFromScript(ask, { db: "MySQL" });
    expect(bad.ok).toBe(false);
  });

  it("an empty draft answers nothing", () => {
    expect(draftFromScript(ask, {})).toMatchObject({
      ok: true,
      details: { status: "pending", answers: {}, unanswered: ["db", "features", "api"] },
    });
  });

  it.each([
    [{ kind: "timed_out" as const }, { status: "timed_out" }, true],
    [
      { kind: "cancelled" as const, origin: "user" as const },
      { status: "cancelled", origin: "user" },
      true,
    ],
    [
      { kind: "cancelled" as const, origin: "disconnected" as const },
      { status: "cancelled", origin: "disconnected" },
      false,
    ],
  ])("ends as %o keeping exactly its answers", (ending, expected, partialsShown) => {
    const draft = draftFromScript(ask, { db: "SQLite" });
    if (!draft.ok) throw new Error("draft invalid");
    const ended = endedWith(draft.details, ending);
    expect(ended).toEqual({ ...draft.details, ...expected });
    expect(showsPartialAnswers(ended)).toBe(partialsShown);
    expect(modelText(ended).includes("SQLite")).toBe(partialsShown);
  });

  it("answerFromScript with a cancel ending is the user's cancel over the same answers", () => {
    const cancelled = answerFromScript(ask, { api: "REST" }, { kind: "cancelled", origin: "user" });
    expect(cancelled).toMatchObject({
      ok: true,
      details: { status: "cancelled", origin: "user", answers: { api: { selected: ["REST"] } } },
    });
  });
});
