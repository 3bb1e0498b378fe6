import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  detailsFromForm,
  type LeftOut,
  proseAnswerText,
} from "../../../src/core/index.ts";
import { ProseAnswerRecord, scanKeptProse } from "../../../src/pi/answer/kept-answers.ts";
import {
  type KeptProse,
  keptProseEntry,
  settledProseEntry,
} from "../../../src/pi/survive/entries.ts";
import { askOf } from "../../support/asks.ts";
import { controlIn } from "../../support/control-sequences.ts";
import { A, play } from "../../support/form.ts";

const INPUT = {
  questions: [
    {
      id: "database",
      header: "Database",
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
};
const LEFT_OUT: LeftOut[] = [
  { scope: "question", line: 7, text: "What should we call it?", reason: "it has no options" },
  { scope: "question", count: 3, text: "3 questions", reason: "past the form's 4" },
];
const details = detailsFromForm(play(INPUT, [A.enter]));

function kept(over: Partial<KeptProse> = {}): KeptProse {
  return {
    id: "k1",
    messageEntryId: "m1",
    ask: askOf(INPUT),
    details,
    leftOut: LEFT_OUT,
    replaces: false,
    ...over,
  };
}

let nextId = 0;
/** Entries as a session file holds them: written as JSON, read back. */
function custom(data: unknown): SessionEntry {
  const entry = {
    type: "custom",
    id: `e${++nextId}`,
    parentId: null,
    timestamp: "2026-12-02T00:00:00.000Z",
    customType: "askuser-kept-prose",
    data,
  };
  return JSON.parse(JSON.stringify(entry));
}
function message(id: string, role: "user" | "assistant", text: string): SessionEntry {
  return {
    type: "message",
    id,
    parentId: null,
    timestamp: "2026-12-02T00:00:00.000Z",
    message: { role, content: [{ type: "text", text }] },
  } as unknown as SessionEntry;
}
const ASSISTANT = message("m1", "assistant", "1. Which database should the service use? …");

describe("the kept-answer record, written and read back", () => {
  it("gives back the very message the agent would have had, left-out questions and all", () => {
    const original = proseAnswerText(details, true, LEFT_OUT);
    const scan = scanKeptProse([ASSISTANT, custom(keptProseEntry(kept({ replaces: true })))]);
    expect(scan.skipped).toEqual([]);
    expect(scan.kept.map((restored) => restored.text)).toEqual([original]);
    expect(scan.kept[0]?.ask).toEqual(askOf(INPUT));
    expect(original).toContain('Not in the form, so not answered: "What should we call it?"');
  });

  it.each([
    ["delivered", [settledProseEntry("k1", "delivered")]],
    ["withdrawn", [settledProseEntry("k1", "withdrawn")]],
  ])("settled as %s: not kept any more", (_state, later) => {
    const scan = scanKeptProse([ASSISTANT, custom(keptProseEntry(kept())), ...later.map(custom)]);
    expect(scan.kept).toEqual([]);
    expect(scan.held).toEqual([]);
  });

  it("a settlement names its own answers only", () => {
    const scan = scanKeptProse([
      ASSISTANT,
      custom(keptProseEntry(kept({ id: "k1" }))),
      custom(keptProseEntry(kept({ id: "k2", replaces: true }))),
      custom(settledProseEntry("k1", "withdrawn")),
    ]);
    expect(scan.kept.map((restored) => restored.kept.id)).toEqual(["k2"]);
  });

  it("held by a user message after the record (Pi stopped before settling it): delivered, not kept", () => {
    const text = proseAnswerText(details, false, LEFT_OUT) ?? "";
    const before = message("u0", "user", text);
    const after = { ...message("u1", "user", text), parentId: "m1" };
    expect(scanKeptProse([before, ASSISTANT, custom(keptProseEntry(kept()))]).kept).toHaveLength(1);
    const scan = scanKeptProse([ASSISTANT, custom(keptProseEntry(kept())), after]);
    expect(scan.kept).toEqual([]);
    expect(scan.held.map((restored) => restored.kept.id)).toEqual(["k1"]);
  });

  it("held only by a user message on a branch that holds its message: the same answers sent on another branch leave it kept", () => {
    // The agent asked the same questions on two branches (m1, m2); the same answers were kept on
    // each, and only m2's reached its agent.
    const text = proseAnswerText(details, false, LEFT_OUT) ?? "";
    const on = (entry: SessionEntry, parentId: string | null) => ({ ...entry, parentId });
    const scan = scanKeptProse([
      ASSISTANT,
      on(message("m2", "assistant", "1. Which database should the service use? …"), null),
      on(custom(keptProseEntry(kept({ id: "k1", messageEntryId: "m1" }))), "m1"),
      on(custom(keptProseEntry(kept({ id: "k2", messageEntryId: "m2" }))), "m2"),
      on(message("u2", "user", text), "m2"),
    ]);
    expect(scan.kept.map((restored) => restored.kept.id)).toEqual(["k1"]);
    expect(scan.held.map((restored) => restored.kept.id)).toEqual(["k2"]);
  });

  it("an ask that no longer validates still sends the answers, and reopens nothing", () => {
    const scan = scanKeptProse([
      ASSISTANT,
      custom(keptProseEntry(kept({ ask: { questions: 3 } }))),
    ]);
    expect(scan.kept.map((restored) => restored.ask)).toEqual([undefined]);
    expect(scan.kept[0]?.text).toContain('= "Postgres"');
  });

  it("damaged records are skipped with the reason, never silently", () => {
    const entry = keptProseEntry(kept());
    const unanswered: AskDetails = { ...details, status: "cancelled", origin: "user" };
    const scan = scanKeptProse([
      ASSISTANT,
      custom({ ...entry, v: 2 }),
      custom({ ...entry, state: "lost" }),
      custom({ ...entry, leftOut: [{ scope: "everything", text: "x", reason: "y" }] }),
      custom({ ...entry, details: unanswered }),
      custom({ ...entry, messageEntryId: "gone" }),
      custom({ ...entry, id: 7 }),
    ]);
    expect(scan.kept).toEqual([]);
    expect(scan.skipped.map((skipped) => skipped.reason)).toEqual([
      "unknown version 2",
      'unknown state "lost"',
      "leftOut is not a list of what the form left out",
      "the details are not an answered ask_user outcome",
      "its message is not in the session",
      "id is not a string",
    ]);
  });

  it("a record whose details are damaged in part is skipped with the reason, never sent with an answer missing", () => {
    const entry = keptProseEntry(kept());
    const damaged = (change: (data: { details: Record<string, unknown> }) => void) => {
      const copy = JSON.parse(JSON.stringify(entry));
      change(copy);
      return custom(copy);
    };
    const scan = scanKeptProse([
      ASSISTANT,
      damaged((data) => {
        data.details.answers = { database: { selected: [1] } };
      }),
      damaged((data) => {
        data.details.questions = [{ ...INPUT.questions[0], options: "Postgres" }];
      }),
      damaged((data) => {
        data.details.unanswered = [7];
      }),
    ]);
    expect(scan.kept).toEqual([]);
    expect(scan.skipped.map((skipped) => skipped.reason)).toEqual([
      'the details\' answer to "database" cannot be read',
      "1 question of the details cannot be read",
      "an unanswered question id of the details is not a string",
    ]);
  });

  it("a copy of the record after its settlement (a line written twice) is not kept again", () => {
    const text = proseAnswerText(details, false, LEFT_OUT) ?? "";
    const record = custom(keptProseEntry(kept()));
    const scan = scanKeptProse([
      ASSISTANT,
      record,
      message("u1", "user", text),
      custom(settledProseEntry("k1", "delivered")),
      record,
    ]);
    expect(scan.kept).toEqual([]);
    expect(scan.held).toEqual([]);
  });

  it("a settlement read before its record (lines out of order) still settles it", () => {
    const scan = scanKeptProse([
      ASSISTANT,
      custom(settledProseEntry("k1", "delivered")),
      custom(keptProseEntry(kept())),
    ]);
    expect(scan.kept).toEqual([]);
    expect(scan.held).toEqual([]);
  });

  it("a foreign record nested deep or 100 KB long is skipped with a short reason, and the scan goes on", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const entry = keptProseEntry(kept());
    // Built around the value: JSON.stringify itself overflows the stack on it.
    const holding = (data: unknown) => ({ ...custom({}), data });
    const scan = scanKeptProse([
      ASSISTANT,
      holding({ ...entry, v: deep }),
      custom({ ...entry, state: "x".repeat(100_000) }),
      holding({ ...entry, ask: deep }),
    ]);
    expect(scan.kept.map((restored) => restored.ask)).toEqual([undefined]);
    const [version, state] = scan.skipped.map((skipped) => skipped.reason);
    expect(version).toBe("unknown version [object Array]");
    expect(state).toMatch(/^unknown state "x{50,}… \(\d+ more characters\)$/u);
    expect(state?.length).toBeLessThan(200);
  });

  it("escape bytes in a damaged record reach the agent as JSON escapes, never raw", () => {
    const hostile: AskDetails = {
      ...details,
      answers: { database: { selected: [], other: "\x1b]0;pwned\x07red\x1b[31m" } },
    };
    const scan = scanKeptProse([
      ASSISTANT,
      custom(keptProseEntry(kept({ details: hostile, leftOut: [] }))),
    ]);
    const text = scan.kept[0]?.text ?? "";
    expect(text).toContain("\\u001b]0;pwned\\u0007red");
    expect(controlIn(text)).toBeUndefined();
  });
});

describe("ProseAnswerRecord", () => {
  function recorder(fails = false) {
    const events: string[] = [];
    const survival = {
      record(customType: string, data: unknown, failed?: (reason: string) => string) {
        if (fails) {
          events.push(`error ${failed?.("disk full")}`);
          return false;
        }
        events.push(`${customType} ${(data as { state: string }).state}`);
        return true;
      },
      notify(text: string) {
        events.push(`notify ${text.slice(0, 30)}`);
      },
    };
    return { events, survival };
  }

  it("kept: recorded once, before the notice; settled once, when delivered", () => {
    const { events, survival } = recorder();
    const record = new ProseAnswerRecord(survival, kept());
    record.owe({ noRun: "no model" });
    record.owe("stopped");
    record.delivered();
    record.delivered();
    expect(events).toEqual([
      "askuser-kept-prose kept",
      "notify ask_user: no model can take yo",
      "notify ask_user: the run stopped befo",
      "askuser-kept-prose delivered",
    ]);
  });

  it("answers a run took at once leave no record", () => {
    const { events, survival } = recorder();
    const record = new ProseAnswerRecord(survival, kept());
    record.delivered();
    record.withdrawn();
    expect(events).toEqual([]);
  });

  it("a record that cannot be written says the answers are kept only while Pi runs", () => {
    const { events, survival } = recorder(true);
    new ProseAnswerRecord(survival, kept()).owe({ noRun: "no model" });
    expect(events[0]).toBe(
      "error ask_user: could not record your answers in the session file (disk full); they are kept only while Pi runs.",
    );
  });
});
