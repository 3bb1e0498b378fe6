import { describe, expect, it } from "vitest";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { API, DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const { world, tempDir } = worldsCleanedUpAfterEach();

const chosen = (form: { render(width: number): readonly string[] }) =>
  form
    .render(100)
    .filter((line) => line.includes("●"))
    .map((line) => line.replace(/^.*● /u, ""));

const replays = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

/** The model asks (blocking); the user answers Postgres; the model thanks. */
async function answeredPostgres(w: PiWorld): Promise<void> {
  const turn = w.runtime.session.prompt("Plan the order service");
  (await w.ui.nextForm()).handleInput(KEYS.enter);
  await turn;
}

async function replay(w: PiWorld, keys: readonly string[]): Promise<string[]> {
  const replaying = w.command("/ask:replay");
  const form = await w.ui.nextForm();
  const prefilled = chosen(form);
  for (const key of keys) form.handleInput(key);
  await replaying;
  await w.runtime.session.waitForIdle();
  return prefilled;
}

describe("/ask:replay", () => {
  it("reopens the latest ask pre-filled with its answer and sends the new answer as a user message", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE] })
        .text("Thanks.")
        .text("Switching."),
    });
    await answeredPostgres(w);
    expect(await replay(w, [KEYS.down, KEYS.enter])).toEqual(["Postgres"]);
    await w.model.request(2, "the replay's turn");
    expect(w.model.userTexts(w.model.requests[2]).at(-1)).toMatchInlineSnapshot(`
      "[ask_user] The user reopened your question "Which database should the service use?" and answered again. These answers replace the earlier ones:
      The user answered:
      "Which database should the service use?" = "SQLite""
    `);
    // A second replay starts from the newest answer.
    expect(await replay(w, [KEYS.escape, KEYS.escape])).toEqual(["SQLite"]);
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: replay cancelled; nothing was sent, and the earlier answers stand.",
    );
    expect(replays(w)).toHaveLength(1);
    expect(w.model.requests).toHaveLength(3);
  });

  it("the cancel confirmation of a replay says that nothing is sent", async () => {
    const w = await world({
      model: new ScriptedModel().askUser({ questions: [DATABASE] }).text("Thanks."),
    });
    await answeredPostgres(w);
    const replaying = w.command("/ask:replay");
    const form = await w.ui.nextForm();
    form.handleInput(KEYS.escape);
    const screen = form.render(100).join("\n");
    expect(screen).toContain("Cancel these questions? Nothing is sent;");
    expect(screen).not.toContain("sent with the cancel");
    form.handleInput(KEYS.escape);
    await replaying;
  });

  it("after /tree: the ask and the answers of the branch navigated to", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE] })
        .text("Thanks.")
        .text("Switching."),
    });
    await answeredPostgres(w);
    const beforeReplay = w.runtime.session.sessionManager.getLeafId() ?? "";
    await replay(w, [KEYS.down, KEYS.enter]);
    expect(replays(w)).toHaveLength(1);

    await w.runtime.session.navigateTree(beforeReplay);
    expect(replays(w)).toHaveLength(0);
    expect(await replay(w, [KEYS.escape, KEYS.escape])).toEqual(["Postgres"]);
  });

  it("after /resume: a new extension instance reads the answers back from the session file", async () => {
    const dir = tempDir("askuser-replay-");
    const first = await startWorld({
      dir,
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE] })
        .text("Thanks.")
        .text("Ok."),
    });
    await answeredPostgres(first);
    await replay(first, [KEYS.down, KEYS.enter]);
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();

    const second = await world({ dir, model: new ScriptedModel().text("Back to Postgres.") });
    await second.runtime.switchSession(file);
    expect(await replay(second, [KEYS.escape, KEYS.escape])).toEqual(["SQLite"]);
  });

  it("a pending ask is answered as pending (once); replayed afterwards, it replaces that answer", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE], waitForAnswer: false })
        .text("Working.")
        .text("Postgres noted.")
        .text("SQLite noted."),
    });
    await w.runtime.session.prompt("Plan");
    expect(await replay(w, [KEYS.enter])).toEqual([]);
    await w.model.request(2, "the pending answer's turn");
    await w.runtime.session.waitForIdle();
    expect(await replay(w, [KEYS.down, KEYS.enter])).toEqual(["Postgres"]);
    await w.model.request(3, "the replay's turn");
    await w.runtime.session.waitForIdle();
    expect(replays(w).map((text) => text.split("\n")[0])).toEqual([
      '[ask_user] Answer to your question "Which database should the service use?", which you asked without waiting for the answer:',
      '[ask_user] The user reopened your question "Which database should the service use?" and answered again. These answers replace the earlier ones:',
    ]);
    expect(askuserEntries(w.branch()).map((e) => e.data.occasion ?? e.type)).toEqual([
      "askuser-ask",
      "pending",
      "replay",
    ]);
  });

  it("an ask the agent never got an answer to is reopened as such", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE] })
        .text("Ok.")
        .text("Postgres."),
    });
    const turn = w.runtime.session.prompt("Plan");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await turn;
    expect(await replay(w, [KEYS.enter])).toEqual([]);
    await w.model.request(2, "the turn");
    expect(replays(w)[0]?.split("\n")[0]).toBe(
      '[ask_user] The user reopened your question "Which database should the service use?", which had no answer yet, and answered it:',
    );
  });

  it("with nothing on the branch, says so", async () => {
    const w = await world();
    await w.command("/ask:replay");
    expect(w.ui.formsOpened).toBe(0);
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: there is no earlier question on this branch to reopen.",
    );
  });

  it("in RPC mode, through the dialogs: several answers open on the review", async () => {
    const w = await world({
      mode: "rpc",
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE, API] })
        .text("Thanks.")
        .text("Ok."),
    });
    const answers = ["1. Postgres", "2. gRPC", "Submit"];
    w.ui.onSelect = (_title, options) => {
      const wanted = answers.shift() ?? "-";
      return options.find((o) => o.startsWith(wanted));
    };
    await w.runtime.session.prompt("Plan");
    const asked = w.ui.selects.length;

    w.ui.onSelect = (_title, options) => options.find((o) => o.startsWith("Cancel"));
    await w.command("/ask:replay");
    const review = w.ui.selects[asked];
    expect(review?.title).toContain("Postgres");
    expect(review?.title).toContain("gRPC");
    expect(w.ui.notifications.at(-1)?.text).toContain("replay cancelled");
  });
});
