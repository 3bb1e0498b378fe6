import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../support/run-cli.ts";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { worldsCleanedUpAfterEach } from "../survive/fixtures.ts";
import { loseTheKey, PROSE, restore, submitPicks } from "./fixtures.ts";

const { world, tempDir } = worldsCleanedUpAfterEach();

const KEPT =
  "ask_user: no model can take your answer now (nokey/m0 has no API key set up); it is kept and goes to the agent with your next message, once a model is set up (/login or /model).";
const STILL_KEPT =
  "ask_user: the answers you gave with /answer are still kept, as no run has taken them yet; they go to the agent with your next message. /answer:again reopens them.";

/** The user messages of a branch that carry answers from a form built from prose. */
const proseAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

/** What the model received, in its request `index`, as answers from such a form. */
const answersIn = (w: PiWorld, index: number) =>
  w.model.userTexts(w.model.requests[index]).filter((text) => text.startsWith("[ask_user]"));

const keptRecords = (w: PiWorld) =>
  askuserEntries(w.branch())
    .filter((entry) => entry.type === "askuser-kept-prose")
    .map((entry) => entry.data.state);

/**
 * The agent asked in prose; the session's model has no API key, so the answers to `/answer`
 * (Postgres, REST, Fly.io) are kept. The world is left running; `working` is its model with a key.
 */
async function keptAnswers(dir: string, model = new ScriptedModel().text(PROSE)) {
  const w = await startWorld({ dir, model });
  await w.runtime.session.prompt("Plan the order service");
  const working = loseTheKey(w);
  const answering = w.command("/answer");
  await submitPicks(w, [0, 0, 0]);
  await answering;
  expect(w.ui.notifications.at(-1)?.text).toBe(KEPT);
  // Written before the notice said they are kept.
  expect(keptRecords(w)).toEqual(["kept"]);
  return { w, working };
}

describe("answers kept by /answer survive Pi stopping", () => {
  it.each([
    ["quit", async (w: PiWorld) => w.dispose()],
    // A kill: what is on disk when the process dies, without the session's shutdown.
    ["kill", async (w: PiWorld) => w.snapshotSessionFile()],
  ] as const)(
    "after a %s and --continue, the next message carries them, once; a second restart does not send them again",
    async (_how, stop) => {
      const dir = tempDir("askuser-kept-");
      const { w: first } = await keptAnswers(dir);
      const file = first.runtime.session.sessionFile ?? "";
      const onDisk = (await stop(first)) ?? file;
      if (onDisk !== file) await first.dispose();

      const second = await world({ dir, sessionFile: onDisk });
      expect(second.ui.widgetText("askuser-recovery")).toBe(STILL_KEPT);
      expect(second.model.requests).toHaveLength(0);
      await second.runtime.session.prompt("Go on.");
      await second.runtime.session.waitForIdle();
      expect(answersIn(second, 0)).toEqual([
        expect.stringContaining('"Which database should the service use?" = "Postgres"'),
      ]);
      expect(proseAnswers(second)).toHaveLength(1);
      expect(keptRecords(second)).toEqual(["kept", "delivered"]);
      expect(second.errors).toEqual([]);
      const again = second.snapshotSessionFile();

      const third = await world({ dir, sessionFile: again });
      expect(third.ui.widgetText("askuser-recovery")).toBeUndefined();
      await third.runtime.session.prompt("Still there?");
      await third.runtime.session.waitForIdle();
      expect(answersIn(third, 0)).toHaveLength(1);
      expect(proseAnswers(third)).toHaveLength(1);
    },
  );

  it("docs/answer.md quotes the line that says so", () => {
    expect(readFileSync(`${ROOT}docs/answer.md`, "utf8")).toContain(
      `\`\`\`text\n${STILL_KEPT}\n\`\`\``,
    );
  });

  it("/answer:again after a restart reopens the kept answers; what is submitted takes their place, as first answers", async () => {
    const dir = tempDir("askuser-kept-again-");
    const { w: first } = await keptAnswers(dir);
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();

    const second = await world({ dir, sessionFile: file });
    const reopening = second.command("/answer:again");
    const form = await second.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("● Postgres");
    form.handleInput(KEYS.down);
    for (let i = 0; i < 4; i++) form.handleInput(KEYS.enter);
    await reopening;
    await second.model.request(0, "the run the new answers started");
    await second.runtime.session.waitForIdle();

    const [sent, ...more] = proseAnswers(second);
    expect(more).toEqual([]);
    expect(sent).toContain("These answer the questions in your previous message");
    expect(sent).toContain('= "SQLite"');
    expect(keptRecords(second)).toEqual(["kept", "withdrawn"]);
    const again = second.snapshotSessionFile();

    const third = await world({ dir, sessionFile: again });
    await third.runtime.session.prompt("Still there?");
    await third.runtime.session.waitForIdle();
    expect(proseAnswers(third)).toHaveLength(1);
  });

  it("/reload: the reloaded extension keeps them, and the next message carries them once", async () => {
    const dir = tempDir("askuser-kept-reload-");
    const { w, working } = await keptAnswers(dir);
    await w.runtime.session.reload();
    expect(w.ui.widgetText("askuser-recovery")).toBe(
      STILL_KEPT.replace(
        " next message.",
        " next message, once a model is set up (/login or /model).",
      ),
    );
    restore(w, working);
    await w.runtime.session.prompt("Go on.");
    await w.runtime.session.waitForIdle();
    expect(proseAnswers(w)).toHaveLength(1);
    await w.runtime.session.prompt("And now?");
    await w.runtime.session.waitForIdle();
    expect(proseAnswers(w)).toHaveLength(1);
    await w.dispose();
  });
});

describe("kept answers belong to the branch of the message they answer", () => {
  it("they wait while the session is on another branch, also across a restart, and go once back on theirs", async () => {
    const dir = tempDir("askuser-kept-branch-");
    const first = await startWorld({ dir, model: new ScriptedModel().text("Hello.").text(PROSE) });
    await first.runtime.session.prompt("Hi");
    const greeting = first.branch().at(-1)?.id ?? "";
    await first.runtime.session.prompt("Plan the order service");
    const working = loseTheKey(first);
    const answering = first.command("/answer");
    await submitPicks(first, [0, 0, 0]);
    await answering;
    const leaf = first.runtime.session.sessionManager.getLeafId() ?? "";

    await first.runtime.session.navigateTree(greeting);
    restore(first, working);
    await first.runtime.session.prompt("Something else");
    await first.runtime.session.waitForIdle();
    expect(first.model.userTexts(first.model.requests.at(-1))).toEqual(["Hi", "Something else"]);
    const reopening = first.command("/answer:again");
    await reopening;
    expect(first.ui.notifications.at(-1)?.text).toBe(
      "ask_user: the message that form was built from is not on this branch; the answers you gave it are kept and go to the agent with your next message on its branch (go back with /tree). Use /answer to read the last message here.",
    );
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();

    const second = await world({ dir, sessionFile: file });
    expect(second.ui.widgetText("askuser-recovery")).toBe(
      "ask_user: answers you gave with /answer on another branch are still kept; they go to the agent with your next message on that branch (go back with /tree).",
    );
    await second.runtime.session.prompt("Elsewhere still");
    await second.runtime.session.waitForIdle();
    expect(answersIn(second, 0)).toEqual([]);

    await second.runtime.session.navigateTree(leaf);
    await second.runtime.session.prompt("Back here");
    await second.runtime.session.waitForIdle();
    expect(answersIn(second, 1)).toEqual([
      expect.stringContaining('"Which database should the service use?" = "Postgres"'),
    ]);
    expect(proseAnswers(second)).toHaveLength(1);
  });
});
