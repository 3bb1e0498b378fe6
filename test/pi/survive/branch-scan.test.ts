import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { cancelledBeforeOpenDetails, pendingDetails } from "../../../src/core/index.ts";
import {
  awaitsEndedNote,
  findCallEntryId,
  lastAnswers,
  scanBranch,
  wasHandled,
} from "../../../src/pi/survive/branch-scan.ts";
import { owedEndedNotes } from "../../../src/pi/survive/ended-notes.ts";
import {
  answerEntry,
  askEntry,
  endedNoteDetails,
  recoveryEntry,
} from "../../../src/pi/survive/entries.ts";
import { resolveAsk } from "../../../src/pi/survive/resolve-ask.ts";
import { askOf } from "../../support/asks.ts";

const ASK_INPUT = {
  questions: [
    { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
  ],
};
const ask = askOf(ASK_INPUT);
let ids = 0;
const base = () => ({ id: `e${++ids}`, parentId: null, timestamp: "2026-01-01T00:00:00.000Z" });
const call = (toolCallId: string, args: unknown = ASK_INPUT): SessionEntry =>
  ({
    ...base(),
    type: "message",
    message: {
      role: "assistant",
      content: [{ type: "toolCall", id: toolCallId, name: "ask_user", arguments: args }],
    },
  }) as never;
const result = (toolCallId: string, details: unknown): SessionEntry =>
  ({
    ...base(),
    type: "message",
    message: { role: "toolResult", toolCallId, toolName: "ask_user", content: [], details },
  }) as never;
const custom = (customType: string, data: unknown): SessionEntry =>
  ({ ...base(), type: "custom", customType, data }) as never;

const answered = {
  status: "answered",
  questions: ask.questions,
  answers: { q1: { selected: ["Postgres"] } },
  unanswered: [],
};

const note = (details: unknown): SessionEntry =>
  ({
    ...base(),
    type: "custom_message",
    customType: "askuser-ended",
    content: "…",
    display: true,
    details,
  }) as never;

describe("awaitsEndedNote", () => {
  const pending = pendingDetails(ask);
  const closedEmpty = { ...pending, status: "cancelled", origin: "user" };
  const ended = () =>
    custom("askuser-answer", answerEntry("call_1", "pending", closedEmpty as never, "notice"));
  it.each<[string, () => SessionEntry[], boolean]>([
    ["still waiting", () => [call("call_1"), result("call_1", pending)], false],
    ["ended, no note yet", () => [call("call_1"), result("call_1", pending), ended()], true],
    [
      "ended, note on the branch",
      () => [
        call("call_1"),
        result("call_1", pending),
        ended(),
        note(endedNoteDetails(["call_1"])),
      ],
      false,
    ],
    [
      "ended, then answered by a reopen: the answer told the model",
      () => [
        call("call_1"),
        result("call_1", pending),
        ended(),
        custom("askuser-answer", answerEntry("call_1", "reopened", answered as never, "message")),
      ],
      false,
    ],
    [
      "a blocking ask, never pending",
      () => [call("call_1"), result("call_1", answered), ended()],
      false,
    ],
  ])("%s → %s", (_name, branch, owed) => {
    const [scanned] = scanBranch(branch()).calls;
    expect(scanned && awaitsEndedNote(scanned)).toBe(owed);
  });

  it("an unreadable note is skipped with the reason, and the note stays owed", () => {
    const scan = scanBranch([
      call("call_1"),
      result("call_1", pending),
      ended(),
      note({ v: 1, toolCallIds: "call_1" }),
    ]);
    expect(scan.skipped.map((s) => s.reason)).toEqual(["toolCallIds is not a list of strings"]);
    expect(scan.calls[0] && awaitsEndedNote(scan.calls[0])).toBe(true);
  });
});

describe("owedEndedNotes", () => {
  it("reads question text from the untrusted session file, so control characters are neutralised", () => {
    const hostile = {
      status: "cancelled",
      origin: "session_closed",
      questions: [{ ...ask.questions[0], question: "Which\u009b2J database\u202e?" }],
      answers: {},
      unanswered: ["q1"],
    };
    const [owed] = owedEndedNotes(
      [
        call("call_1"),
        result("call_1", pendingDetails(ask)),
        custom("askuser-answer", answerEntry("call_1", "pending", hostile as never, "nothing")),
      ],
      new Set(),
    );
    expect(owed?.text).toContain(String.raw`"Which\\u009b2J database\\u202e?"`);
    expect(owed?.text).not.toMatch(/[\u0080-\u009f\u202e]/u);
  });

  it("leaves out asks whose note this process already sent", () => {
    const entry = call("call_1");
    const branch = [
      entry,
      result("call_1", pendingDetails(ask)),
      custom(
        "askuser-answer",
        answerEntry(
          "call_1",
          "pending",
          cancelledBeforeOpenDetails(ask, "session_closed"),
          "nothing",
        ),
      ),
    ];
    expect(owedEndedNotes(branch, new Set())).toHaveLength(1);
    expect(owedEndedNotes(branch, new Set([entry.id]))).toEqual([]);
  });
});

describe("scanBranch", () => {
  it("attributes each record to the newest call with its id, even when a model reuses ids", () => {
    const first = call("call_1");
    const second = call("call_1");
    const scan = scanBranch([
      first,
      custom("askuser-ask", askEntry("call_1", ask, true)),
      result("call_1", answered),
      second,
      custom("askuser-ask", askEntry("call_1", ask, false)),
      custom("askuser-recovery", recoveryEntry("call_1", "opened")),
    ]);
    expect(scan.skipped).toEqual([]);
    expect(
      scan.calls.map((c) => [
        c.callEntryId,
        c.result !== undefined,
        c.payload?.waitForAnswer,
        c.recovery,
      ]),
    ).toEqual([
      [first.id, true, true, undefined],
      [second.id, false, false, "opened"],
    ]);
  });

  it("skips unreadable records with the reason, never silently", () => {
    const scan = scanBranch([
      call("call_1"),
      custom("askuser-ask", { v: 2, toolCallId: "call_1" }),
      custom("askuser-ask", "junk"),
      custom("askuser-recovery", { v: 1, toolCallId: "call_1", step: "maybe" }),
      custom("askuser-answer", {
        v: 1,
        toolCallId: "call_1",
        occasion: "pending",
        delivered: "message",
        details: { status: "great" },
      }),
      custom("askuser-answer", answerEntry("call_9", "pending", answered as never, "message")),
      custom("someone-else", { anything: true }),
    ]);
    expect(scan.skipped.map((s) => s.reason)).toEqual([
      "unknown version 2",
      "the data is not an object",
      'unknown recovery step "maybe"',
      "the details are not an ask_user outcome",
      "no ask_user call with its toolCallId before it",
    ]);
    expect(scan.calls[0]?.payload).toBeUndefined();
  });

  it("ignores other tools' calls and results", () => {
    const other = {
      ...base(),
      type: "message",
      message: {
        role: "assistant",
        content: [{ type: "toolCall", id: "x", name: "bash", arguments: {} }],
      },
    } as never;
    expect(scanBranch([other]).calls).toEqual([]);
  });
});

describe("what a call's records mean", () => {
  it("lastAnswers: the newest answer the agent received, else the tool result's", () => {
    const c = call("call_1");
    const sqlite = { ...answered, answers: { q1: { selected: ["SQLite"] } } };
    const scan = (extra: SessionEntry[]) =>
      scanBranch([c, result("call_1", answered), ...extra]).calls[0];
    expect(lastAnswers(scan([]) ?? never())).toEqual({ q1: { selected: ["Postgres"] } });
    expect(
      lastAnswers(
        scan([
          custom("askuser-answer", answerEntry("call_1", "replay", sqlite as never, "message")),
        ]) ?? never(),
      ),
    ).toEqual({ q1: { selected: ["SQLite"] } });
    // Recorded but never delivered (a lifecycle end): the agent still has the tool result's answer.
    expect(
      lastAnswers(
        scan([
          custom("askuser-answer", answerEntry("call_1", "pending", sqlite as never, "nothing")),
        ]) ?? never(),
      ),
    ).toEqual({ q1: { selected: ["Postgres"] } });
    const pending = scanBranch([c, result("call_1", pendingDetails(ask))]).calls[0];
    expect(lastAnswers(pending ?? never())).toBeUndefined();
  });

  it("wasHandled: reopened or answered since; findCallEntryId: the newest holder of the id", () => {
    const c = call("call_1");
    expect(wasHandled(scanBranch([c]).calls[0] ?? never())).toBe(false);
    expect(
      wasHandled(
        scanBranch([c, custom("askuser-recovery", recoveryEntry("call_1", "unrecoverable"))])
          .calls[0] ?? never(),
      ),
    ).toBe(true);
    const later = call("call_1");
    expect(findCallEntryId([c, later, result("call_1", answered)], "call_1")).toBe(later.id);
    expect(findCallEntryId([c], "call_2")).toBeUndefined();
  });

  it("resolveAsk: the recorded copy first, then the call's arguments", () => {
    const recorded = {
      ...ASK_INPUT,
      questions: [{ ...ASK_INPUT.questions[0], question: "Recorded?" }],
    };
    const both = scanBranch([
      call("call_1"),
      custom("askuser-ask", askEntry("call_1", askOf(recorded), true)),
    ]).calls[0];
    expect(resolveAsk(both ?? never())).toMatchObject({
      ok: true,
      source: "recorded",
      ask: { questions: [{ question: "Recorded?" }] },
    });
    const argsOnly = scanBranch([call("call_1")]).calls[0];
    expect(resolveAsk(argsOnly ?? never())).toMatchObject({ ok: true, source: "arguments" });
    const neither = scanBranch([call("call_1", { questions: [] })]).calls[0];
    expect(resolveAsk(neither ?? never())).toEqual({
      ok: false,
      reason:
        "no copy of it was recorded and the call's own parameters are invalid (questions: has 0 questions; 1-4 are allowed. Fix: add the question to ask)",
    });
  });
});

function never(): never {
  throw new Error("expected a call");
}
