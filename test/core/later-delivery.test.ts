import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  cancelledBeforeOpenDetails,
  cancelSendsAnswers,
  detailsFromForm,
  type LaterOccasion,
  laterDelivery,
  NOTHING_SENT_NOTICE,
  PENDING_CLOSED_NOTICE,
  pendingEndedNote,
  REPLAY_KEPT_NOTICE,
} from "../../src/core/index.ts";
import { askOf, SINGLE, THREE } from "../support/asks.ts";
import { A, play } from "../support/form.ts";

const answeredOne = detailsFromForm(play(SINGLE, [A.down, A.enter]));
const answeredThree = detailsFromForm(play(THREE, [A.enter, A.tab, A.enter, A.enter, A.enter]));
/** The first question answered, then a confirmed Esc: the user's own partial cancel. */
const partialCancel = detailsFromForm(play(THREE, [A.enter, A.esc, A.esc]));
const emptyCancel = detailsFromForm(play(THREE, [A.esc]));
/** A draft with an answer, ended by the host: the user never sent it. */
const abortedDraft = detailsFromForm(play(THREE, [A.enter, A.abort]));

function textOf(details: AskDetails, occasion: LaterOccasion): string {
  const delivery = laterDelivery(details, occasion);
  if (delivery.kind !== "message") throw new Error(`expected a message, got ${delivery.kind}`);
  return delivery.text;
}

describe("laterDelivery: the texts the agent reads", () => {
  it("pending, answered: names the question and says it was asked without waiting", () => {
    expect(textOf(answeredOne, "pending")).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database?", which you asked without waiting for the answer:
      The user answered:
      "Which database?" = "SQLite""
    `);
  });

  it("restart, answered: says it was answered after a restart and why the call has no result", () => {
    expect(textOf(answeredOne, "restart")).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database?", answered after a restart: Pi stopped while the question was open, so its tool call has no result; the question was shown again after the restart.
      The user answered:
      "Which database?" = "SQLite""
    `);
  });

  it("replay, answered with a skip: names every question and says the answers replace the earlier ones", () => {
    expect(textOf(answeredThree, "replay")).toMatchInlineSnapshot(`
      "[ask_user] The user reopened your 3 questions "Which database?", "Which features?" and "Which API style?" and answered again. These answers replace the earlier ones:
      The user submitted the form but left some questions unanswered:
      "Which database?" = "Postgres"
      "Which features?" = (no answer)
      "Which API style?" = "REST"
      Unanswered: "Which features?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter."
    `);
  });

  it("reopened: a question the agent never got an answer to, answered now", () => {
    expect(textOf(answeredOne, "reopened")).toMatchInlineSnapshot(`
      "[ask_user] The user reopened your question "Which database?", which had no answer yet, and answered it:
      The user answered:
      "Which database?" = "SQLite""
    `);
  });

  it("a partial cancel the user chose sends the answers given, once, and says the rest is open", () => {
    expect(textOf(partialCancel, "pending")).toMatchInlineSnapshot(`
      "[ask_user] Answer to your 3 questions "Which database?", "Which features?" and "Which API style?", which you asked without waiting for the answer:
      The user cancelled the form after answering some questions.
      Answers given so far:
      "Which database?" = "Postgres"
      Unanswered: "Which features?", "Which API style?". Do not assume answers to the unanswered questions."
    `);
    expect(laterDelivery(partialCancel, "restart").kind).toBe("message");
  });
});

describe("laterDelivery: what reaches the agent", () => {
  const ask = askOf(THREE);
  it.each<[string, AskDetails, LaterOccasion, string]>([
    ["answered, pending", answeredOne, "pending", "message"],
    ["answered, restart", answeredOne, "restart", "message"],
    ["answered, replay", answeredOne, "replay", "message"],
    ["partial user cancel, pending", partialCancel, "pending", "message"],
    ["partial user cancel, restart", partialCancel, "restart", "message"],
    ["partial user cancel, replay: the earlier answers stand", partialCancel, "replay", "notice"],
    ["empty user cancel, pending", emptyCancel, "pending", "notice"],
    ["empty user cancel, restart", emptyCancel, "restart", "notice"],
    ["empty user cancel, replay", emptyCancel, "replay", "notice"],
    ["answered, reopened", answeredOne, "reopened", "message"],
    ["partial user cancel, reopened: only a submit sends", partialCancel, "reopened", "notice"],
    ["aborted draft with an answer", abortedDraft, "pending", "nothing"],
    ["session closed", cancelledBeforeOpenDetails(ask, "session_closed"), "pending", "nothing"],
    ["tool disabled", cancelledBeforeOpenDetails(ask, "disabled"), "restart", "nothing"],
    ["client gone", cancelledBeforeOpenDetails(ask, "disconnected"), "replay", "nothing"],
  ])("%s → %s", (_name, details, occasion, kind) => {
    expect(laterDelivery(details, occasion).kind).toBe(kind);
  });

  it("lifecycle ends send nothing even when a draft had answers", () => {
    for (const origin of ["turn_abort", "session_closed", "disabled", "disconnected"] as const) {
      const ended = detailsFromForm(
        play(THREE, [A.enter, { type: "end", resolution: { kind: "cancelled", origin } }]),
      );
      expect(Object.keys(ended.answers)).toEqual(["db"]);
      expect(laterDelivery(ended, "pending")).toEqual({ kind: "nothing" });
    }
  });

  it("the notices tell the user what the agent learns", () => {
    expect(laterDelivery(emptyCancel, "restart")).toEqual({
      kind: "notice",
      text: NOTHING_SENT_NOTICE,
    });
    // An ask that did not wait: the agent is told that it ended (pendingEndedNote), nothing more.
    expect(laterDelivery(emptyCancel, "pending")).toEqual({
      kind: "notice",
      text: PENDING_CLOSED_NOTICE,
    });
    expect(PENDING_CLOSED_NOTICE).toMatchInlineSnapshot(
      `"ask_user: the question was closed without an answer; the agent is told only that it ended unanswered."`,
    );
    expect(laterDelivery(partialCancel, "replay")).toEqual({
      kind: "notice",
      text: REPLAY_KEPT_NOTICE,
    });
    expect([NOTHING_SENT_NOTICE, REPLAY_KEPT_NOTICE]).toMatchInlineSnapshot(`
      [
        "ask_user: the question was closed without an answer; nothing was sent to the agent.",
        "ask_user: replay cancelled; nothing was sent, and the earlier answers stand.",
      ]
    `);
  });
});

describe("pendingEndedNote: an ask that did not wait, ended without an answer reaching the agent", () => {
  const ask = askOf(THREE);
  it("closed empty by the user: the agent learns it no longer waits, and not to assume an answer", () => {
    expect(pendingEndedNote(detailsFromForm(play(SINGLE, [A.esc])))).toMatchInlineSnapshot(`
      "[ask_user] No answer to your question "Which database?", which you asked without waiting for the answer: it ended and no longer waits.
      The user cancelled the question without answering. Do not assume an answer: continue only with work that does not depend on this decision, or ask the user how they want to proceed."
    `);
  });

  it("the session closed with a draft: the note reports no answers, and says so truthfully", () => {
    const note = pendingEndedNote({ ...abortedDraft, origin: "session_closed" });
    expect(note).not.toContain("Postgres");
    expect(note).toMatchInlineSnapshot(`
      "[ask_user] No answer to your 3 questions "Which database?", "Which features?" and "Which API style?", which you asked without waiting for the answer: it ended and no longer waits.
      The question ended because the session closed before the user submitted it. Any answers given before it closed are not reported. Do not assume an answer."
    `);
  });

  it.each<[string, AskDetails]>([
    ["the tool turned off", cancelledBeforeOpenDetails(ask, "disabled")],
    ["timed out empty", detailsFromForm(play(THREE, [A.timeout]))],
  ])("%s: a note", (_name, details) => {
    expect(pendingEndedNote(details)).toMatch(/^\[ask_user\] No answer to your 3 questions /u);
  });

  it.each<[string, AskDetails]>([
    ["answered", answeredOne],
    ["a partial cancel, whose answers are sent", partialCancel],
  ])("%s: no note, the answer itself is the message", (_name, details) => {
    expect(pendingEndedNote(details)).toBeUndefined();
  });
});

describe("cancelSendsAnswers", () => {
  it.each<LaterOccasion>(["pending", "restart", "replay", "reopened"])(
    "%s: the form's promise matches what a partial cancel really delivers",
    (occasion) => {
      expect(cancelSendsAnswers(occasion)).toBe(
        laterDelivery(partialCancel, occasion).kind === "message",
      );
    },
  );
});

describe("laterDelivery: a question asked back", () => {
  const askedBack = detailsFromForm(play(SINGLE, [A.askBack, A.type("Is SQLite enough?"), A.save]));

  it.each<LaterOccasion>(["pending", "restart", "replay", "reopened"])(
    "%s: the user's question reaches the agent as a message",
    (occasion) => {
      const text = textOf(askedBack, occasion);
      expect(text).toContain('"Is SQLite enough?"');
      expect(text).toContain("Answer the user's question in your reply first.");
    },
  );

  it("the lead line does not call it an answer", () => {
    expect(textOf(askedBack, "pending").split("\n")[0]).toBe(
      '[ask_user] The user asked you a question about your question "Which database?", which you asked without waiting for the answer:',
    );
  });

  it("an ask that ended with a question back needs no ended note: the agent got a message", () => {
    expect(pendingEndedNote(askedBack)).toBeUndefined();
  });
});
