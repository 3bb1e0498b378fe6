import { describe, expect, it } from "vitest";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "../survive/fixtures.ts";
import { loseTheKey, PROSE, restore, submitPicks } from "./fixtures.ts";

const { world } = worldsCleanedUpAfterEach();

const userTexts = (w: PiWorld) =>
  w
    .branch()
    .flatMap((entry) =>
      entry.type === "message" && entry.message.role === "user"
        ? [JSON.stringify(entry.message.content)]
        : [],
    );

const KEPT =
  "ask_user: no model can take your answer now (nokey/m0 has no API key set up); it is kept and goes to the agent with your next message, once a model is set up (/login or /model).";

describe("/answer with no usable model", () => {
  it("keeps the submitted answers, says so, and sends them with the next message", async () => {
    const w = await world({ model: new ScriptedModel().text(PROSE) });
    await w.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(w);

    const answering = w.command("/answer");
    await submitPicks(w, [0, 0, 0]);
    await answering;
    expect(w.ui.notifications.map((n) => n.text).filter((t) => t.startsWith("ask_user"))).toEqual([
      "ask_user: nokey/m0 has no API key set up, so the built-in parser reads the questions (set one up with /login or /model).",
      KEPT,
    ]);
    // Pi was never handed a message it would refuse, so it shows no "No API key" error.
    expect(w.errors).toEqual([]);
    expect(userTexts(w)).toHaveLength(1);

    restore(w, working);
    await w.runtime.session.prompt("go on");
    await w.runtime.session.waitForIdle();
    const delivered = userTexts(w).filter((text) => text.includes("These answer the questions"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain('\\"Which database should the service use?\\" = \\"Postgres\\"');
  });

  it("/answer:again on kept answers replaces them, as first answers: the agent never had the others", async () => {
    const w = await world({ model: new ScriptedModel().text(PROSE) });
    await w.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(w);
    const answering = w.command("/answer");
    await submitPicks(w, [0, 0, 0]);
    await answering;

    const again = w.command("/answer:again");
    const form = await w.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("● Postgres");
    form.handleInput(KEYS.down);
    for (let i = 0; i < 4; i++) form.handleInput(KEYS.enter);
    await again;
    expect(w.ui.notifications.filter((n) => n.text === KEPT)).toHaveLength(2);
    expect(w.errors).toEqual([]);

    restore(w, working);
    await w.runtime.session.prompt("go on");
    await w.runtime.session.waitForIdle();
    const delivered = userTexts(w).filter((text) => text.includes("[ask_user]"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain("These answer the questions in your previous message");
    expect(delivered[0]).toContain('= \\"SQLite\\"');
    expect(delivered[0]).not.toContain("replace");
  });

  it("/answer:again after answers were delivered says they replace them", async () => {
    const w = await world({ model: new ScriptedModel().text(PROSE) });
    await w.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(w);
    const answering = w.command("/answer");
    await submitPicks(w, [0, 0, 0]);
    await answering;
    restore(w, working);
    await w.runtime.session.prompt("go on");
    await w.runtime.session.waitForIdle();

    const again = w.command("/answer:again");
    await submitPicks(w, [1, 0, 0]);
    await again;
    await w.model.request(2, "the turn the new answers started");
    await w.runtime.session.waitForIdle();
    const delivered = userTexts(w).filter((text) => text.includes("[ask_user]"));
    expect(delivered).toHaveLength(2);
    expect(delivered[1]).toContain("These answers replace the earlier ones");
  });

  it("a waiting ask answered with no usable model: recorded as owed, told, and sent once with the next message", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE], waitForAnswer: false })
        .text("Working on the rest."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(w);
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.enter);
    await answering;
    expect(w.ui.notifications.map((n) => n.text)).toContain(KEPT);
    expect(w.errors).toEqual([]);
    expect(askuserEntries(w.branch()).at(-1)).toMatchObject({
      type: "askuser-answer",
      data: { delivered: "message", owed: true },
    });

    restore(w, working);
    await w.runtime.session.prompt("go on");
    await w.runtime.session.waitForIdle();
    expect(userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"))).toHaveLength(
      1,
    );
    expect(askuserEntries(w.branch()).at(-1)?.data).not.toHaveProperty("owed");
  });

  it("closing /answer:again over kept answers says they are still kept, and they still go", async () => {
    const w = await world({ model: new ScriptedModel().text(PROSE) });
    await w.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(w);
    const answering = w.command("/answer");
    await submitPicks(w, [0, 0, 0]);
    await answering;
    const again = w.command("/answer:again");
    const form = await w.ui.nextForm();
    // A pre-filled form asks before it cancels: the second Esc confirms.
    form.handleInput(KEYS.escape);
    form.handleInput(KEYS.escape);
    await again;
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: the form was closed; the answers you submitted before are still kept and go to the agent with your next message.",
    );
    restore(w, working);
    await w.runtime.session.prompt("go on");
    await w.runtime.session.waitForIdle();
    expect(userTexts(w).filter((text) => text.includes("[ask_user]"))).toHaveLength(1);
  });
});
