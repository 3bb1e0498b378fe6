import { readFileSync, writeFileSync } from "node:fs";
import type { Message } from "@earendil-works/pi-ai";
import { type SessionEntry, SessionManager } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { PENDING_CLOSED_NOTICE } from "../../../src/core/index.ts";
import { Gate } from "../helpers/gate-tool.ts";
import { textOf } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

/**
 * An ask that does not wait tells the model an answer will come. When it ends without one, the
 * model must still learn that it no longer waits: once, on its branch, with the user's next
 * message at the latest, and without a turn started for it.
 */
const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };
const NOTE_LEAD =
  '[ask_user] No answer to your question "Which database should the service use?", which you asked without waiting for the answer: it ended and no longer waits.';

const { world, tempDir } = worldsCleanedUpAfterEach();

/** The notes askuser recorded on a branch (custom messages, which the model reads as user text). */
function notesOn(branch: readonly SessionEntry[]): string[] {
  return branch.flatMap((entry) =>
    entry.type === "custom_message" && entry.customType === "askuser-ended" ? [textOf(entry)] : [],
  );
}

/** The user-side texts of a model request that are ended-ask notes. */
function notesIn(w: PiWorld, request: readonly Message[] | undefined): string[] {
  return w.model.userTexts(request).filter((text) => text.startsWith("[ask_user] No answer to"));
}

describe("an ask that did not wait, ended without an answer", () => {
  it("closed empty: recorded at once, no turn started, read with the user's next message, once", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Understood."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await answering;

    expect(w.ui.notifications.map((n) => n.text)).toContain(PENDING_CLOSED_NOTICE);
    expect(notesOn(w.branch())).toMatchInlineSnapshot(`
      [
        "[ask_user] No answer to your question "Which database should the service use?", which you asked without waiting for the answer: it ended and no longer waits.
      The user cancelled the question without answering. Do not assume an answer: continue only with work that does not depend on this decision, or ask the user how they want to proceed.",
      ]
    `);

    // The next request is the user's own prompt: the note started no turn of its own.
    await w.runtime.session.prompt("What next?");
    expect(w.model.requests).toHaveLength(3);
    const texts = w.model.userTexts(w.model.requests[2]);
    expect(texts.at(-1)).toBe("What next?");
    expect(notesIn(w, w.model.requests[2])).toEqual([expect.stringContaining(NOTE_LEAD)]);

    await w.runtime.session.prompt("And then?");
    expect(notesIn(w, w.model.requests[3])).toHaveLength(1);
    expect(notesOn(w.branch())).toHaveLength(1);
  });

  it("closed empty while the agent works: the running turn's next model call reads it, no extra turn", async () => {
    const gate = new Gate();
    const model = new ScriptedModel()
      .askUser(NO_WAIT)
      .toolCall("wait_for_gate", {}, "call_2")
      .text("Done.");
    const w = await world({ model, gate });
    const turn = w.runtime.session.prompt("Plan the order service");
    await gate.whenEntered();
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await answering;
    gate.release();
    await turn;
    await w.runtime.session.waitForIdle();

    expect(w.model.requests).toHaveLength(3);
    expect(notesIn(w, w.model.requests[2])).toEqual([expect.stringContaining(NOTE_LEAD)]);
    expect(notesOn(w.branch())).toHaveLength(1);
  });

  it("the session quit while it waited: after --continue the next message carries the note, once", async () => {
    const dir = tempDir("askuser-ended-quit-");
    const first = await startWorld({
      dir,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await first.runtime.session.prompt("Plan the order service");
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();
    // Written as the session closed: the transcript shows it when the session is continued.
    expect(notesOn(SessionManager.open(file).getBranch())).toHaveLength(1);

    const second = await world({ dir, sessionFile: file });
    expect(second.ui.widgetText()).toBeUndefined();
    expect(second.model.requests).toHaveLength(0);
    await second.runtime.session.prompt("Where were we?");
    const [note, ...more] = notesIn(second, second.model.requests[0]);
    expect(more).toEqual([]);
    expect(note).toMatchInlineSnapshot(`
      "[ask_user] No answer to your question "Which database should the service use?", which you asked without waiting for the answer: it ended and no longer waits.
      The question ended because the session closed before the user submitted it. Any answers given before it closed are not reported. Do not assume an answer."
    `);
    await second.runtime.session.prompt("Go on.");
    expect(notesIn(second, second.model.requests[1])).toHaveLength(1);
  });

  it("a session whose end was recorded without a note (an older version, a lost write): the next message carries it, once", async () => {
    const dir = tempDir("askuser-ended-late-");
    const first = await startWorld({
      dir,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await first.runtime.session.prompt("Plan the order service");
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();
    withoutNotes(file);

    const second = await world({ dir, sessionFile: file });
    await second.runtime.session.prompt("Where were we?");
    const texts = second.model.userTexts(second.model.requests[0]);
    // Added to the run the user's message starts, right after it.
    expect(texts.slice(-2)).toEqual(["Where were we?", expect.stringContaining(NOTE_LEAD)]);
    await second.runtime.session.prompt("Go on.");
    expect(notesIn(second, second.model.requests[1])).toHaveLength(1);
    const resumed = second.snapshotSessionFile();
    await second.dispose();

    const third = await world({ dir, sessionFile: resumed });
    await third.runtime.session.prompt("Still there?");
    expect(notesIn(third, third.model.requests[0])).toHaveLength(1);
  });

  it("the tool turned off: the model learns the question was withdrawn", async () => {
    const w = await world({ model: new ScriptedModel().askUser(NO_WAIT).text("Working.") });
    await w.runtime.session.prompt("Plan");
    w.runtime.session.setActiveToolsByName(["read"]);
    await w.command("/answer");
    expect(notesOn(w.branch())).toEqual([
      expect.stringContaining("The question ended because the ask_user tool was disabled."),
    ]);
    await w.runtime.session.prompt("Next?");
    expect(notesIn(w, w.model.requests[2])).toHaveLength(1);
  });

  it("the tool turned off on another branch leaves an ask waiting on its own branch, where the tool is back", async () => {
    const w = await world({
      model: new ScriptedModel().text("Hello.").askUser(NO_WAIT).text("Working."),
    });
    await w.runtime.session.prompt("Hi");
    const greeting = w.branch().at(-1)?.id ?? "";
    await w.runtime.session.prompt("Plan");
    const leaf = w.runtime.session.sessionManager.getLeafId() ?? "";
    await w.runtime.session.navigateTree(greeting);
    w.runtime.session.setActiveToolsByName(["read"]);
    await w.command("/answer");

    // Pi keeps the tool loadout per branch: back on the ask's branch, ask_user is active again.
    await w.runtime.session.navigateTree(leaf);
    expect(w.runtime.session.getActiveToolNames()).toContain("ask_user");
    expect(w.ui.notifications.map((n) => n.text)).not.toContain(
      "ask_user: the tool was turned off, so the questions waiting for an answer were withdrawn; the agent is told they ended, and no answers were sent.",
    );
    expect(w.ui.widgetText()).toContain("1 question waits");
    expect(notesOn(w.branch())).toEqual([]);
  });

  it("belongs to its branch: a prompt on another branch does not carry it", async () => {
    const w = await world({
      model: new ScriptedModel().text("Hello.").askUser(NO_WAIT).text("Working."),
    });
    await w.runtime.session.prompt("Hi");
    const greeting = w.branch().at(-1)?.id ?? "";
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await answering;
    expect(notesOn(w.branch())).toHaveLength(1);

    await w.runtime.session.navigateTree(greeting);
    await w.runtime.session.prompt("Something else");
    expect(notesIn(w, w.model.requests.at(-1))).toEqual([]);
  });

  it("closed while the session is on another branch: it still waits on its own, nothing is noted elsewhere", async () => {
    const w = await world({
      model: new ScriptedModel().text("Hello.").askUser(NO_WAIT).text("Working."),
    });
    await w.runtime.session.prompt("Hi");
    const greeting = w.branch().at(-1)?.id ?? "";
    await w.runtime.session.prompt("Plan");
    const leaf = w.runtime.session.sessionManager.getLeafId() ?? "";
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    await w.runtime.session.navigateTree(greeting);
    form.handleInput(KEYS.escape);
    await answering;
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: the question was closed on another branch, so nothing was sent; it still waits on its own branch (go back with /tree, then /answer).",
    );
    expect(notesOn(w.branch())).toEqual([]);

    await w.runtime.session.navigateTree(leaf);
    expect(w.ui.widgetText()).toContain("1 question waits");
    const again = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await again;
    expect(notesOn(w.branch())).toHaveLength(1);
  });

  it("in RPC mode, a dismissed dialog ends it the same way", async () => {
    const w = await world({
      mode: "rpc",
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Understood."),
    });
    await w.runtime.session.prompt("Plan");
    w.ui.onSelect = () => undefined;
    await w.command("/answer");
    expect(notesOn(w.branch())).toEqual([expect.stringContaining(NOTE_LEAD)]);
    await w.runtime.session.prompt("Next?");
    expect(w.model.requests).toHaveLength(3);
    expect(notesIn(w, w.model.requests[2])).toHaveLength(1);
  });

  it("answered: no note, only the answer", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Postgres."),
    });
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.enter);
    await answering;
    await w.model.request(2, "the answer's turn");
    await w.runtime.session.waitForIdle();
    expect(notesOn(w.branch())).toEqual([]);
  });
});

/** Removes askuser's ended-ask notes from a session file; entries after one hang from its parent. */
function withoutNotes(file: string): void {
  const entries = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const parentOf = new Map<unknown, unknown>();
  const kept = entries.filter((entry) => {
    const note = entry.type === "custom_message" && entry.customType === "askuser-ended";
    if (note) parentOf.set(entry.id, entry.parentId);
    return !note;
  });
  for (const entry of kept) {
    while (parentOf.has(entry.parentId)) entry.parentId = parentOf.get(entry.parentId);
  }
  writeFileSync(file, `${kept.map((entry) => JSON.stringify(entry)).join("\n")}\n`);
}
