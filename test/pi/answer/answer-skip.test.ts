import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import { PendingAsks } from "../../../src/pi/survive/pending-asks.ts";
import { askOf } from "../../support/asks.ts";
import { askuserEntries, textOf } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel } from "../helpers/survive-pi.ts";
import { API, DATABASE, worldsCleanedUpAfterEach } from "../survive/fixtures.ts";

const { world } = worldsCleanedUpAfterEach();

function notesOn(branch: readonly SessionEntry[]): string[] {
  return branch.flatMap((entry) =>
    entry.type === "custom_message" && entry.customType === "askuser-ended" ? [textOf(entry)] : [],
  );
}

const notices = (w: PiWorld) =>
  w.ui.notifications.map((n) => n.text).filter((text) => text.startsWith("ask_user"));

/** Two asks that do not wait, asked in two turns: database (call_1), then API (call_2). */
async function twoWaiting(): Promise<PiWorld> {
  const w = await world({
    model: new ScriptedModel()
      .askUser({ questions: [DATABASE], waitForAnswer: false }, "call_1")
      .text("Working.")
      .askUser({ questions: [API], waitForAnswer: false }, "call_2")
      .text("Still working."),
  });
  await w.runtime.session.prompt("Plan the order service");
  await w.runtime.session.prompt("Go on");
  return w;
}

describe("/answer skip ends a waiting ask as the user's cancel, without opening it", () => {
  it("one waiting: skipped, the agent is told once it ended unanswered, the transcript shows it", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE], waitForAnswer: false })
        .text("Working."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await w.command("/answer skip");
    expect(w.ui.formsOpened).toBe(0);
    // One notice: which ask was skipped, and what the agent learns.
    expect(notices(w)).toEqual([
      'ask_user: skipped "Which database should the service use?" [call_1]; the agent is told only that it ended unanswered.',
    ]);
    expect(notesOn(w.branch())).toMatchInlineSnapshot(`
      [
        "[ask_user] No answer to your question "Which database should the service use?", which you asked without waiting for the answer: it ended and no longer waits.
      The user cancelled the question without answering. Do not assume an answer: continue only with work that does not depend on this decision, or ask the user how they want to proceed.",
      ]
    `);
    expect(askuserEntries(w.branch()).at(-1)).toMatchObject({
      type: "askuser-answer",
      data: { details: { status: "cancelled", origin: "user" }, delivered: "notice" },
    });
    expect(w.ui.widgetText()).toBeUndefined();
    // Nothing is left to skip, and /answer no longer finds it.
    await w.command("/answer skip");
    expect(notices(w).at(-1)).toBe(
      "ask_user: no question is waiting for an answer on this branch.",
    );
  });

  it("several waiting: skips the oldest and names it; a number or an id picks one", async () => {
    const w = await twoWaiting();
    await w.command("/answer skip api");
    expect(notices(w).at(-1)).toBe(
      'ask_user: skipped "Which API style?" [call_2] (number 2 of 2 waiting); the agent is told only that it ended unanswered. /answer skip <number> skips another.',
    );
    await w.command("/answer skip 7");
    expect(notices(w).at(-1)).toBe(
      'ask_user: no waiting question is "7"; give its number or id: 1. "Which database should the service use?" [call_1].',
    );
    await w.command("/answer skip");
    expect(notices(w).at(-1)).toBe(
      'ask_user: skipped "Which database should the service use?" [call_1]; the agent is told only that it ended unanswered.',
    );
    expect(notices(w).filter((text) => text.includes("closed without an answer"))).toEqual([]);
    expect(notesOn(w.branch())).toHaveLength(2);
  });

  it("/answer with a waiting ask still opens it, and not the prose of the last message", async () => {
    const w = await twoWaiting();
    const answering = w.command("/answer 2");
    const form = await w.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("Which API style?");
    form.handleInput(KEYS.enter);
    await answering;
    expect(w.model.requests).toHaveLength(4);
  });
});

describe("PendingAsks.skip", () => {
  it("an open form ends as the user's cancel, with the answers it holds", async () => {
    const ended: AskDetails[] = [];
    const asks = new PendingAsks(
      (_pending, details) => ended.push(details),
      () => {},
    );
    const ask = askOf({ questions: [DATABASE, API] });
    asks.add({ callEntryId: "e1", toolCallId: "call_1", ask });
    const answered = { database: { selected: ["Postgres"] } };
    const opened = asks.answer("e1", (shownAsk, signal) => {
      return new Promise((resolve) => {
        signal.addEventListener("abort", () =>
          resolve({
            status: "cancelled",
            origin: "turn_abort",
            questions: shownAsk.questions,
            answers: answered,
            unanswered: ["api"],
          }),
        );
      });
    });
    expect(await asks.skip("e1")).toBe(true);
    await opened;
    expect(ended).toEqual([
      expect.objectContaining({ status: "cancelled", origin: "user", answers: answered }),
    ]);
    expect(await asks.skip("e1")).toBe(false);
  });
});
