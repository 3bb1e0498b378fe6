import { describe, expect, it } from "vitest";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };

const { world } = worldsCleanedUpAfterEach();

const ends = (w: PiWorld) => askuserEntries(w.branch()).filter((e) => e.type === "askuser-answer");
const laterAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

/** Answers the one waiting ask with its first option and waits for the turn it starts. */
async function answerFirstOption(w: PiWorld): Promise<void> {
  const answering = w.command("/answer");
  const form = await w.ui.nextForm();
  form.handleInput(KEYS.enter);
  await answering;
  await w.model.request(2, "the turn the answer started");
  await w.runtime.session.waitForIdle();
}

describe("/reload with an ask that does not wait", () => {
  it("the ask still waits afterwards (the same session goes on), and its answer arrives once", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Postgres it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await w.runtime.session.reload();

    expect(ends(w)).toEqual([]);
    expect(w.runtime.session.sessionManager.getBranch().some(isEndedNote)).toBe(false);
    expect(w.ui.widgetText()).toBe(
      "? 1 question waits for your answer: press Alt+A or type /answer",
    );
    await answerFirstOption(w);
    expect(laterAnswers(w)).toHaveLength(1);
    expect(laterAnswers(w)[0]).toContain('"Which database should the service use?" = "Postgres"');
    expect(ends(w)).toHaveLength(1);
  });

  it("a form open at the reload closes sending nothing, and the ask waits again", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Postgres it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    await w.ui.nextForm();
    await w.runtime.session.reload();
    await answering;

    expect(ends(w)).toEqual([]);
    expect(laterAnswers(w)).toEqual([]);
    expect(w.ui.widgetText()).toBe(
      "? 1 question waits for your answer: press Alt+A or type /answer",
    );
    await answerFirstOption(w);
    expect(laterAnswers(w)).toHaveLength(1);
  });
});

function isEndedNote(entry: { type: string; customType?: string }): boolean {
  return entry.type === "custom_message" && entry.customType === "askuser-ended";
}
