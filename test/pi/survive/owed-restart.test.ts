import { readFileSync, writeFileSync } from "node:fs";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../support/run-cli.ts";
import { loseTheKey, restore } from "../answer/fixtures.ts";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const { world, tempDir } = worldsCleanedUpAfterEach();

const KEPT =
  "ask_user: no model can take your answer now (nokey/m0 has no API key set up); it is kept and goes to the agent with your next message, once a model is set up (/login or /model).";
const STILL_KEPT =
  "ask_user: answers you gave to the agent's questions are still kept, as no run has taken them yet; they go to the agent with your next message.";
const KEPT_ELSEWHERE =
  "ask_user: answers you gave to the agent's questions on another branch are still kept; they go to the agent with your next message on that branch (go back with /tree).";

/** The answers sent as user messages on the branch (not tool results). */
const laterAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

/** What the model received in its request `index` as answers sent as user messages. */
const answersIn = (w: PiWorld, index: number) =>
  w.model.userTexts(w.model.requests[index]).filter((text) => text.startsWith("[ask_user]"));

const lastAnswerRecord = (w: PiWorld) =>
  askuserEntries(w.branch())
    .filter((entry) => entry.type === "askuser-answer")
    .at(-1)?.data;

/** Sends `text` as the user and waits until the run it starts has settled. */
async function say(w: PiWorld, text: string): Promise<void> {
  await w.runtime.session.prompt(text);
  await w.runtime.session.waitForIdle();
}

/** Answers the next form with SQLite (Down, Enter), with no model able to take the answer. */
async function answerSqliteWithNoModel(w: PiWorld, command?: string) {
  const working = loseTheKey(w);
  const answering = command ? w.command(command) : undefined;
  const form = await w.ui.nextForm();
  form.handleInput(KEYS.down);
  form.handleInput(KEYS.enter);
  await answering;
  await w.ui.notification("the notice that the answer is kept", (text) => text === KEPT);
  expect(lastAnswerRecord(w)).toMatchObject({ delivered: "message", owed: true });
  return working;
}

/** The agent asked (waiting) and got Postgres; the user replays it with no usable model. */
async function owedReplay(dir: string): Promise<PiWorld> {
  const w = await startWorld({
    dir,
    model: new ScriptedModel().askUser({ questions: [DATABASE] }).text("Thanks."),
  });
  const turn = w.runtime.session.prompt("Plan the order service");
  (await w.ui.nextForm()).handleInput(KEYS.enter);
  await turn;
  await answerSqliteWithNoModel(w, "/ask:replay");
  return w;
}

/**
 * Pi stopped while the agent's (waiting) question was open; after the restart the reopened form
 * is answered with no usable model. The world is left running.
 */
async function owedRestartAnswer(dir: string): Promise<PiWorld> {
  const first = await startWorld({
    dir,
    model: new ScriptedModel().askUser({ questions: [DATABASE] }),
  });
  const turn = first.runtime.session.prompt("Plan the order service");
  await first.ui.nextForm();
  const killed = first.snapshotSessionFile();
  await first.dispose();
  await turn;
  const second = await startWorld({ dir, sessionFile: killed });
  await answerSqliteWithNoModel(second);
  return second;
}

/**
 * Rewrites a session file without its last `askuser-answer` record that is not owed, its child
 * hung on its parent, as if that record never reached the file.
 */
function withoutLastSentRecord(file: string): string {
  const entries = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
  const sent = entries.findLast(
    (entry) => entry.customType === "askuser-answer" && entry.data.owed !== true,
  );
  expect(sent).toBeDefined();
  const kept = entries.filter((entry) => entry !== sent);
  for (const entry of kept) if (entry.parentId === sent.id) entry.parentId = sent.parentId;
  writeFileSync(file, `${kept.map((entry) => JSON.stringify(entry)).join("\n")}\n`);
  return file;
}

/** Stops `w` by a quit or a kill; resolves with the session file a restart opens. */
async function stop(w: PiWorld, how: "quit" | "kill"): Promise<string> {
  const file = w.runtime.session.sessionFile ?? "";
  const onDisk = how === "kill" ? w.snapshotSessionFile() : file;
  await w.dispose();
  return onDisk;
}

describe("answers owed to the agent survive Pi stopping, whatever they answer", () => {
  it.each([
    ["/ask:replay", "quit", owedReplay, "These answers replace the earlier ones"],
    ["/ask:replay", "kill", owedReplay, "These answers replace the earlier ones"],
    ["a form reopened after a restart", "quit", owedRestartAnswer, "answered after a restart"],
  ] as const)(
    "an answer from %s, then a %s: the next run after --continue carries it, once; a second restart does not send it again",
    async (_from, how, owe, lead) => {
      const dir = tempDir("askuser-owed-");
      const onDisk = await stop(await owe(dir), how);

      const second = await world({ dir, sessionFile: onDisk });
      expect(second.ui.widgetText("askuser-recovery")).toBe(STILL_KEPT);
      expect(second.model.requests).toHaveLength(0);
      await say(second, "Go on.");
      expect(answersIn(second, 0)).toEqual([
        expect.stringContaining('"Which database should the service use?" = "SQLite"'),
      ]);
      expect(answersIn(second, 0)[0]).toContain(lead);
      expect(laterAnswers(second)).toHaveLength(1);
      expect(lastAnswerRecord(second)).not.toHaveProperty("owed");
      expect(second.errors).toEqual([]);
      const again = second.snapshotSessionFile();

      const third = await world({ dir, sessionFile: again });
      expect(third.ui.widgetText("askuser-recovery")).toBeUndefined();
      await say(third, "Still there?");
      expect(answersIn(third, 0)).toHaveLength(1);
      expect(laterAnswers(third)).toHaveLength(1);
    },
  );
});

describe("an owed answer across /reload", () => {
  it("the reloaded extension keeps it, says so, and the next message carries it once", async () => {
    const w = await owedReplay(tempDir("askuser-owed-reload-"));
    await w.runtime.session.reload();
    expect(w.ui.widgetText("askuser-recovery")).toBe(
      STILL_KEPT.replace(
        " next message.",
        " next message, once a model is set up (/login or /model).",
      ),
    );
    // The model the session started with, which has a key.
    restore(w, w.model.faux.getModel());
    await say(w, "Go on.");
    expect(laterAnswers(w)).toHaveLength(1);
    await say(w, "And now?");
    expect(laterAnswers(w)).toHaveLength(1);
    await w.dispose();
  });
});

it("docs/survive.md quotes the line that says an owed answer is still kept", () => {
  const doc = readFileSync(`${ROOT}docs/survive.md`, "utf8");
  expect(doc).toContain(`  \`\`\`text\n  ${STILL_KEPT}\n  \`\`\``);
  expect(doc).toContain(`  \`\`\`text\n  ${KEPT_ELSEWHERE}\n  \`\`\``);
});

describe("a crash between the session taking an owed answer and the record that it was sent", () => {
  it("the next start finds the message in the session, records it as sent, and sends nothing again", async () => {
    const dir = tempDir("askuser-owed-crash-");
    const onDisk = await stop(await owedReplay(dir), "quit");
    const second = await world({ dir, sessionFile: onDisk });
    await say(second, "Go on.");
    expect(laterAnswers(second)).toHaveLength(1);
    // As if Pi died before the record that the answer was sent reached the file.
    const crashed = withoutLastSentRecord(second.snapshotSessionFile());

    const third = await world({ dir, sessionFile: crashed });
    expect(third.ui.widgetText("askuser-recovery")).toBeUndefined();
    expect(lastAnswerRecord(third)).not.toHaveProperty("owed");
    await say(third, "Still there?");
    expect(answersIn(third, 0)).toHaveLength(1);
    expect(laterAnswers(third)).toHaveLength(1);
  });
});

describe("a kill after a run started with an owed answer, before the session holds it", () => {
  it("the next start still owes it, and the next message carries it once", async () => {
    const dir = tempDir("askuser-owed-kill-start-");
    const onDisk = await stop(await owedReplay(dir), "quit");
    // The file as a kill leaves it the moment the run has started: askuser's agent_start handler
    // has run (it handed the owed answer to Pi), Pi has not yet put the answer in the session.
    let killed = "";
    const atStart = (pi: ExtensionAPI) =>
      pi.on("agent_start", () => {
        if (killed === "") killed = second.snapshotSessionFile();
      });
    const second: PiWorld = await world({ dir, sessionFile: onDisk, extensions: [atStart] });
    await say(second, "Go on.");
    expect(laterAnswers(second)).toHaveLength(1);
    const entries = readFileSync(killed, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line));
    expect(userMessages(entries).filter((text) => text.startsWith("[ask_user]"))).toEqual([]);

    const third = await world({ dir, sessionFile: killed });
    expect(third.ui.widgetText("askuser-recovery")).toBe(STILL_KEPT);
    await say(third, "Go on.");
    expect(answersIn(third, 0)).toEqual([expect.stringContaining('= "SQLite"')]);
    expect(laterAnswers(third)).toHaveLength(1);
  });
});

describe("an owed answer and /fork", () => {
  it("a fork that copies the owed record owes it in the fork too; each session sends it once", async () => {
    const w = await owedReplay(tempDir("askuser-owed-fork-"));
    const original = w.runtime.session.sessionFile ?? "";
    const leaf = w.runtime.session.sessionManager.getLeafId() ?? "";
    await w.runtime.fork(leaf, { position: "at" });
    expect(w.runtime.session.sessionFile).not.toBe(original);
    await say(w, "Go on in the fork.");
    expect(laterAnswers(w)).toHaveLength(1);
    await say(w, "And again.");
    expect(laterAnswers(w)).toHaveLength(1);

    await w.runtime.switchSession(original);
    await say(w, "Back in the original.");
    expect(laterAnswers(w)).toHaveLength(1);
    await say(w, "Once more.");
    expect(laterAnswers(w)).toHaveLength(1);
    await w.dispose();
  });
});

describe("an owed answer belongs to the branch of its question, across restarts too", () => {
  it("restarted on another branch, it waits; back on its own with /tree, the next run carries it once", async () => {
    const dir = tempDir("askuser-owed-branch-");
    const first = await startWorld({
      dir,
      model: new ScriptedModel()
        .text("Hello.")
        .askUser({ questions: [DATABASE] })
        .text("Thanks."),
    });
    await say(first, "Hi");
    const greeting = first.branch().at(-1)?.id ?? "";
    const turn = first.runtime.session.prompt("Plan the order service");
    (await first.ui.nextForm()).handleInput(KEYS.enter);
    await turn;
    const working = await answerSqliteWithNoModel(first, "/ask:replay");
    const leaf = first.runtime.session.sessionManager.getLeafId() ?? "";

    await first.runtime.session.navigateTree(greeting);
    restore(first, working);
    await say(first, "Something else");
    expect(first.model.userTexts(first.model.requests.at(-1))).toEqual(["Hi", "Something else"]);
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();

    const second = await world({ dir, sessionFile: file });
    expect(second.ui.widgetText("askuser-recovery")).toBe(KEPT_ELSEWHERE);
    await say(second, "Elsewhere still");
    expect(answersIn(second, 0)).toEqual([]);

    await second.runtime.session.navigateTree(leaf);
    await say(second, "Back here");
    expect(answersIn(second, 1)).toEqual([expect.stringContaining('= "SQLite"')]);
    expect(laterAnswers(second)).toHaveLength(1);
    await second.dispose();

    const third = await world({ dir, sessionFile: file });
    expect(third.ui.widgetText("askuser-recovery")).toBeUndefined();
    await say(third, "Still there?");
    expect(answersIn(third, 0)).toHaveLength(1);
    expect(laterAnswers(third)).toHaveLength(1);
  });
});
