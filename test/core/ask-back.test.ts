import { describe, expect, it } from "vitest";
import {
  detailsFromForm,
  type FormAction,
  type FormState,
  isPristine,
  modelText,
  readStoredDetails,
} from "../../src/core/index.ts";
import { RESHAPE, SINGLE } from "../support/asks.ts";
import { controlIn } from "../support/control-sequences.ts";
import { A, play } from "../support/form.ts";

type Case = [name: string, actions: FormAction[], expect: (s: FormState) => void];

const features = (s: FormState) => s.questions[1];
const ASK_ON_FEATURES: FormAction[] = [A.goto(1), A.askBack, A.type("What does Export cost?")];

const cases: Case[] = [
  [
    "the ask-back key opens an empty editor on the highlighted question",
    [A.goto(1), A.askBack],
    (s) => expect(features(s)).toMatchObject({ mode: "askBack", draft: "" }),
  ],
  [
    "Enter sends the question: the ask ends with the question and the question it is about",
    [...ASK_ON_FEATURES, A.save],
    (s) =>
      expect(s.resolution).toEqual({
        kind: "clarification_requested",
        about: "features",
        question: "What does Export cost?",
      }),
  ],
  [
    "Enter on an empty or blank ask-back closes it and ends nothing",
    [A.askBack, A.type("   "), A.save],
    (s) => {
      expect(s.resolution).toBeUndefined();
      expect(s.questions[0]).toMatchObject({ mode: "options" });
      expect(s.questions[0]?.askBack).toBeUndefined();
    },
  ],
  [
    "Esc keeps the ask-back text, and the editor opens with it again",
    [...ASK_ON_FEATURES, A.escEditor, A.askBack],
    (s) => expect(features(s)).toMatchObject({ mode: "askBack", draft: "What does Export cost?" }),
  ],
  [
    "leaving the tab keeps the ask-back text",
    [...ASK_ON_FEATURES, A.tab, A.goto(1)],
    (s) => expect(features(s)?.askBack).toBe("What does Export cost?"),
  ],
  [
    "text kept for an ask-back makes the form touched: Esc asks before cancelling",
    [...ASK_ON_FEATURES, A.escEditor, A.esc],
    (s) => {
      expect(s.cancelArmed).toBe(true);
      expect(s.resolution).toBeUndefined();
    },
  ],
  [
    "the ask-back key does nothing in an editor, on the Submit tab, or under the cancel prompt",
    [A.row(3), A.askBack, A.type("x"), A.escEditor, A.goto(2), A.askBack],
    (s) => {
      expect(s.tab).toBe(2);
      expect(s.questions.every((q) => q.mode === "options")).toBe(true);
    },
  ],
  [
    "a host end with the ask-back editor open is that end, not an ask-back",
    [...ASK_ON_FEATURES, A.abort],
    (s) => expect(s.resolution).toEqual({ kind: "cancelled", origin: "turn_abort" }),
  ],
];

describe("asking the agent back instead of answering", () => {
  it.each(cases)("%s", (_name, actions, check) => {
    check(play(RESHAPE, actions));
  });

  it("the details carry the question and only the answers confirmed so far", () => {
    const state = play(RESHAPE, [
      A.row(1),
      A.escEditor, // DB answered, no note
      A.row(0), // Auth toggled, not confirmed
      A.askBack,
      A.type("What does Export cost?"),
      A.save,
    ]);
    const details = detailsFromForm(state);
    expect(details).toMatchObject({
      status: "clarification_requested",
      clarification: { about: "features", question: "What does Export cost?" },
      answers: { db: { selected: ["SQLite"] } },
      unanswered: ["features"],
    });
    expect(readStoredDetails(JSON.parse(JSON.stringify(details)))).toEqual(details);
  });

  it("the model text asks the agent to answer first, then ask only what is still open", () => {
    const state = play(RESHAPE, [A.row(1), A.escEditor, A.askBack, A.type("Why Export?"), A.save]);
    expect(modelText(detailsFromForm(state))).toMatchInlineSnapshot(`
      "The user did not finish answering: instead they asked you a question about "Which features?":
      "Why Export?"
      Answers given so far:
      "Which database?" = "SQLite"
      Answer the user's question in your reply first. Then call ask_user again with only the questions still open: "Which features?". Do not assume answers to them, and do not ask again what is answered above."
    `);
  });

  it("an ask-back with nothing answered yet", () => {
    const state = play(SINGLE, [A.askBack, A.type("Is SQLite enough?"), A.save]);
    expect(modelText(detailsFromForm(state))).toMatchInlineSnapshot(`
      "The user did not finish answering: instead they asked you a question about "Which database?":
      "Is SQLite enough?"
      No answer was given. Do not assume one.
      Answer the user's question in your reply first. Then call ask_user again with only the questions still open: "Which database?". Do not assume answers to them."
    `);
  });

  it("a 10 KB question with escape bytes is exact in the details and inert in the model text", () => {
    const hostile = `${"\u001b]52;c;aGk=\u0007\u001b[2J\u009b31m\u202e".repeat(500)}end`;
    expect(hostile.length).toBeGreaterThan(10_000);
    const state = play(SINGLE, [A.askBack, A.type(hostile), A.save]);
    const details = detailsFromForm(state);
    expect(details.clarification?.question).toBe(hostile);
    const text = modelText(details);
    expect(controlIn(text)).toBeUndefined();
    const quoted = text.split("\n")[1] ?? "";
    expect(JSON.parse(quoted)).toBe(hostile);
  });

  it("an ask-back is not pristine, and a pristine form stays pristine", () => {
    expect(isPristine(play(SINGLE, []))).toBe(true);
    expect(isPristine(play(SINGLE, [A.askBack, A.type("why?")]))).toBe(false);
  });
});
