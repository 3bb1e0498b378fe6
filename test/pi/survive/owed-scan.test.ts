import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type AskDetails, detailsFromForm, laterAnswerText } from "../../../src/core/index.ts";
import { answerEntry } from "../../../src/pi/survive/entries.ts";
import { scanOwedAnswers } from "../../../src/pi/survive/owed-answers.ts";
import { controlIn } from "../../support/control-sequences.ts";
import { A, play } from "../../support/form.ts";
import { DATABASE } from "./fixtures.ts";

const sqlite = detailsFromForm(play({ questions: [DATABASE] }, [A.down, A.enter]));
const REPLAY_TEXT = laterAnswerText(sqlite, "replay");

/** Entries as a session file holds them (written as JSON, read back), each after `parent`. */
function entry(id: string, parent: string | null, rest: Record<string, unknown>): SessionEntry {
  const written = { id, parentId: parent, timestamp: "2026-12-02T00:00:00.000Z", ...rest };
  return JSON.parse(JSON.stringify(written));
}
const call = (id: string, parent: string | null, toolCallId = "call_1") =>
  entry(id, parent, {
    type: "message",
    message: {
      role: "assistant",
      content: [{ type: "toolCall", id: toolCallId, name: "ask_user", arguments: {} }],
    },
  });
const user = (id: string, parent: string | null, text: string) =>
  entry(id, parent, { type: "message", message: { role: "user", content: text } });
const answer = (id: string, parent: string, owed: boolean, details: AskDetails = sqlite) =>
  entry(id, parent, {
    type: "custom",
    customType: "askuser-answer",
    data: answerEntry("call_1", "replay", details, "message", owed),
  });

describe("answers owed to the agent, read from every branch of a session", () => {
  it("an owed record gives back the very message the agent would have had, for its own call", () => {
    const scan = scanOwedAnswers([call("c1", null), answer("a1", "c1", true)]);
    expect(scan.owed.map((owed) => [owed.call.callEntryId, owed.text])).toEqual([
      ["c1", REPLAY_TEXT],
    ]);
    expect(scan.held).toEqual([]);
    expect(scan.skipped).toEqual([]);
  });

  it("a record belongs to the call on its own path, even when another branch reuses the tool call id", () => {
    // c1 and c2 both hold call_1, on two branches from u0; the owed record follows c1.
    const scan = scanOwedAnswers([
      user("u0", null, "Plan"),
      call("c1", "u0"),
      call("c2", "u0"),
      answer("a1", "c1", true),
      answer("a2", "c2", false),
    ]);
    expect(scan.owed.map((owed) => owed.call.callEntryId)).toEqual(["c1"]);
  });

  it("sent on any branch that holds the question: settled everywhere, never sent again", () => {
    // The question (c1) is on both branches; the owed record on one, the sent record on the other.
    const scan = scanOwedAnswers([
      call("c1", null),
      user("u1", "c1", "on one branch"),
      answer("a1", "u1", true),
      user("u2", "c1", "on the other"),
      answer("a2", "u2", false),
    ]);
    expect(scan.owed).toEqual([]);
  });

  it("held by a user message after the record (its sent record was never written): not owed again", () => {
    const before = scanOwedAnswers([
      user("u0", null, REPLAY_TEXT),
      call("c1", "u0"),
      answer("a1", "c1", true),
    ]);
    expect(before.owed).toHaveLength(1);
    const scan = scanOwedAnswers([
      call("c1", null),
      answer("a1", "c1", true),
      user("u1", "a1", REPLAY_TEXT),
    ]);
    expect(scan.owed).toEqual([]);
    expect(scan.held.map((held) => held.call.callEntryId)).toEqual(["c1"]);
  });

  it("held only by a user message on a branch that holds its question: the same answer sent on another branch leaves it owed", () => {
    // The agent asked the same question on two branches (c1, c2), and got the same answer on each.
    const scan = scanOwedAnswers([
      user("u0", null, "Plan"),
      call("c1", "u0"),
      call("c2", "u0"),
      answer("a1", "c1", true),
      answer("a2", "c2", true),
      user("u2", "a2", REPLAY_TEXT),
    ]);
    expect(scan.owed.map((owed) => owed.call.callEntryId)).toEqual(["c1"]);
    expect(scan.held.map((held) => held.call.callEntryId)).toEqual(["c2"]);
  });

  it("damaged records and records with no call are skipped with the reason, never silently", () => {
    const damaged = answer("a1", "c1", true);
    (damaged as unknown as { data: { occasion: string } }).data.occasion = "later";
    const scan = scanOwedAnswers([call("c1", null), damaged, answer("a2", "nowhere", true)]);
    expect(scan.owed).toEqual([]);
    expect(scan.skipped).toEqual([
      { entryId: "a1", reason: 'unknown occasion "later"' },
      { entryId: "a2", reason: "no ask_user call with its toolCallId before it" },
    ]);
  });

  it("an owed record whose details are damaged in part is skipped with the reason, never sent with an answer missing", () => {
    const damaged = answer("a1", "c1", true);
    (damaged as unknown as { data: { details: { answers: unknown } } }).data.details.answers = {
      database: { selected: "SQLite" },
    };
    const scan = scanOwedAnswers([call("c1", null), damaged]);
    expect(scan.owed).toEqual([]);
    expect(scan.skipped).toEqual([
      { entryId: "a1", reason: 'the details\' answer to "database" cannot be read' },
    ]);
  });

  it("a copy of an owed record after its sent record (a line written twice) is not owed again", () => {
    const owed = answer("a1", "c1", true);
    const scan = scanOwedAnswers([
      call("c1", null),
      owed,
      user("u1", "a1", REPLAY_TEXT),
      answer("a2", "u1", false),
      owed,
    ]);
    expect(scan.owed).toEqual([]);
    expect(scan.held).toEqual([]);
  });

  it("owed answers come oldest first, by the record that owes them", () => {
    // c1's answer was sent, c2's owed; then c1 was replayed, and that answer is owed too.
    const scan = scanOwedAnswers([
      call("c1", null, "call_1"),
      answer("a1", "c1", false),
      call("c2", "a1", "call_2"),
      entry("a2", "c2", {
        type: "custom",
        customType: "askuser-answer",
        data: answerEntry("call_2", "replay", sqlite, "message", true),
      }),
      answer("a3", "a2", true),
    ]);
    expect(scan.owed.map((owed) => owed.call.callEntryId)).toEqual(["c2", "c1"]);
  });

  it("a foreign record nested deep is skipped with a short reason, and the scan goes on", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const foreign = answer("a1", "c1", true);
    (foreign as unknown as { data: { occasion: unknown } }).data.occasion = deep;
    const scan = scanOwedAnswers([call("c1", null), foreign, answer("a2", "a1", true)]);
    expect(scan.skipped).toEqual([{ entryId: "a1", reason: "unknown occasion [object Array]" }]);
    expect(scan.owed.map((owed) => owed.text)).toEqual([REPLAY_TEXT]);
  });

  it("escape bytes in a record reach the agent as JSON escapes, never raw", () => {
    const hostile: AskDetails = {
      ...sqlite,
      answers: { database: { selected: [], other: "\x1b]0;pwned\x07red\x1b[31m" } },
    };
    const scan = scanOwedAnswers([call("c1", null), answer("a1", "c1", true, hostile)]);
    const text = scan.owed[0]?.text ?? "";
    expect(text).toContain("\\u001b]0;pwned\\u0007red");
    expect(controlIn(text)).toBeUndefined();
  });
});
