import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { waitFor } from "../../support/wait-for.ts";
import { askuserEntries, damageRecordedAsk, userMessages } from "../helpers/session-branch.ts";
import { KEYS, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const ASK = { questions: [DATABASE] };

const { world, tempDir: tempDirWith } = worldsCleanedUpAfterEach();
const tempDir = () => tempDirWith("askuser-recovery-");

/** Pi asks, the form opens, and Pi is killed: returns the session file as the kill left it. */
async function killedWhileAsking(dir: string, args: unknown = ASK): Promise<string> {
  const first = await startWorld({ dir, model: new ScriptedModel().askUser(args as never) });
  const turn = first.runtime.session.prompt("Plan the order service");
  await first.ui.nextForm();
  const onDisk = first.snapshotSessionFile();
  await first.dispose();
  await turn;
  return onDisk;
}

describe("recovery after a restart (a real session file, reloaded by a new session)", () => {
  it("reopens the open question once; the answer reaches the model as a user message naming it", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);

    const second = await world({
      dir,
      sessionFile: file,
      model: new ScriptedModel().text("Noted."),
    });
    const form = await second.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("Which database should the service use?");
    form.handleInput(KEYS.down);
    form.handleInput(KEYS.enter);
    await second.model.request(0, "the model's next request");

    const users = second.model.userTexts(second.model.requests[0]);
    expect(users.at(-1)).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database should the service use?", answered after a restart: Pi stopped while the question was open, so its tool call has no result; the question was shown again after the restart.
      The user answered:
      "Which database should the service use?" = "SQLite""
    `);
    // The recorded copy and the recovery records are session entries, never model input.
    const sent = JSON.stringify(second.model.requests);
    for (const type of ["askuser-ask", "askuser-recovery", "askuser-answer"]) {
      expect(sent).not.toContain(`"${type}"`);
    }
    await second.runtime.session.waitForIdle();
    expect(
      userMessages(second.branch()).filter((text) => text.includes("[ask_user]")),
    ).toHaveLength(1);
    expect(
      askuserEntries(second.branch()).map((e) => [e.type, e.data.step ?? e.data.occasion]),
    ).toEqual([
      ["askuser-ask", undefined],
      ["askuser-recovery", "opened"],
      ["askuser-answer", "restart"],
    ]);

    // A third start on the same file: the question was handled, so nothing reopens.
    const onDisk = second.snapshotSessionFile();
    await second.dispose();
    const third = await world({ dir, sessionFile: onDisk });
    expect(askuserEntries(third.branch())).toHaveLength(3);
    expect(third.ui.formsOpened).toBe(0);
    expect(third.model.requests).toHaveLength(0);
  });

  it("a cancel of the recovered form also counts as handled: nothing is sent, it never reopens", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    const second = await world({ dir, sessionFile: file });
    const form = await second.ui.nextForm();
    form.handleInput(KEYS.escape);
    await second.ui.notification("the cancel notice", (text) => text.includes("nothing was sent"));
    expect(second.model.requests).toHaveLength(0);
    expect(askuserEntries(second.branch()).at(-1)).toMatchObject({
      type: "askuser-answer",
      data: { occasion: "restart", delivered: "notice" },
    });
    const onDisk = second.snapshotSessionFile();
    await second.dispose();
    const third = await world({ dir, sessionFile: onDisk });
    expect(third.ui.formsOpened).toBe(0);
    expect(askuserEntries(third.branch())).toHaveLength(3);
  });

  it("killed again while the recovered form is open: it is not reopened a second time", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    const second = await startWorld({ dir, sessionFile: file });
    await second.ui.nextForm();
    const onDisk = second.snapshotSessionFile();
    await second.dispose();

    const third = await world({ dir, sessionFile: onDisk });
    expect(third.ui.formsOpened).toBe(0);
    // A widget, not a notify: at session start a notify lands above the restored transcript.
    expect(third.ui.widgetText("askuser-recovery")).toBe(
      "ask_user: a question interrupted by an earlier restart was shown again once and not answered. Use /ask:replay to answer it.",
    );
  });

  it("the reopened form is introduced by a notice above it, gone once the form ends", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    const second = await world({ dir, sessionFile: file });
    const form = await second.ui.nextForm();
    expect(second.ui.widgetText("askuser-recovery")).toBe(
      "ask_user: Pi stopped while this question was open; here it is again. Your answer reaches the agent as a message.",
    );
    form.handleInput(KEYS.enter);
    await waitFor(
      "the notice to go",
      second.ui.changes,
      () => second.ui.widgetText("askuser-recovery") === undefined,
    );
  });

  it("a damaged recorded copy falls back to the call's own arguments", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    damageRecordedAsk(file, { questions: "not a list" });
    const second = await world({ dir, sessionFile: file });
    const form = await second.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("Which database should the service use?");
  });

  it("neither the copy nor the arguments validate: nothing opens and a notice says why", async () => {
    const dir = tempDir();
    const bad = { questions: [{ question: "Pick?", options: [{ label: "Only one" }] }] };
    const file = await killedWhileAsking(dir, ASK);
    damageRecordedAsk(file, { questions: "not a list" }, bad);
    const second = await world({ dir, sessionFile: file });
    expect(second.ui.formsOpened).toBe(0);
    expect(second.ui.widgetText("askuser-recovery")).toMatchInlineSnapshot(
      `"ask_user: the question that was open when Pi stopped cannot be shown again: its recorded copy is invalid (questions: must be an array (received "not a list"). Fix: send the questions as a JSON array) and the call's own parameters are invalid (questions[0].options: has 1 option; 2-8 are allowed. Fix: offer at least 2 real choices (free text "Other" is added automatically); if there is only one reasonable choice, do not ask)."`,
    );
    expect(askuserEntries(second.branch()).at(-1)).toMatchObject({
      type: "askuser-recovery",
      data: { step: "unrecoverable" },
    });
  });
});

describe("recovery: which sessions and branches", () => {
  it("on /resume of a killed session, and on a fork at the call after it was answered", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    const fresh = await world({
      dir,
      model: new ScriptedModel().text("Noted.").text("Noted in the fork."),
    });
    expect(fresh.ui.formsOpened).toBe(0);

    await fresh.runtime.switchSession(file);
    const resumed = await fresh.ui.nextForm();
    resumed.handleInput(KEYS.enter);
    await fresh.model.request(0, "the answer in the resumed session");
    await fresh.runtime.session.waitForIdle();
    const resumedFile = fresh.runtime.session.sessionFile;

    // Fork at the assistant message holding the call: the fork's branch has the call and none of
    // what was recorded after it, so there the question is open again.
    const call = fresh
      .branch()
      .find((entry) => entry.type === "message" && entry.message.role === "assistant");
    if (!call) throw new Error("no assistant entry");
    await fresh.runtime.fork(call.id, { position: "at" });
    expect(fresh.runtime.session.sessionFile).not.toBe(resumedFile);
    const forked = await fresh.ui.nextForm();
    forked.handleInput(KEYS.down);
    forked.handleInput(KEYS.enter);
    await fresh.model.request(1, "the answer in the fork");
    await fresh.runtime.session.waitForIdle();

    const restartAnswers = (texts: string[]) => texts.filter((t) => t.includes("after a restart"));
    expect(restartAnswers(userMessages(fresh.branch()))).toEqual([
      expect.stringContaining('= "SQLite"'),
    ]);
    // The resumed session kept its own single answer; the fork's answer never reached it.
    const original = SessionManager.open(resumedFile ?? "", fresh.sessionDir);
    expect(restartAnswers(userMessages(original.getBranch()))).toEqual([
      expect.stringContaining('= "Postgres"'),
    ]);
  });

  it("only the active branch is read: a question on an abandoned branch never reopens", async () => {
    const dir = tempDir();
    const model = new ScriptedModel().text("Hello.").askUser(ASK);
    const first = await startWorld({ dir, model });
    await first.runtime.session.prompt("Hi");
    const greeting = first.branch().at(-1);
    const turn = first.runtime.session.prompt("Plan the order service");
    await first.ui.nextForm();
    const file = first.snapshotSessionFile();
    await first.dispose();
    await turn;

    // The user had gone back to the greeting (/tree) and continued there.
    const manager = SessionManager.open(file, join(dir, "sessions"));
    manager.branch(greeting?.id ?? "");
    manager.appendMessage({
      role: "user",
      content: [{ type: "text", text: "Something else" }],
      timestamp: Date.now(),
    });

    const second = await world({ dir, sessionFile: file });
    expect(second.ui.formsOpened).toBe(0);
    expect(askuserEntries(second.branch())).toEqual([]);
    expect(
      askuserEntries(second.runtime.session.sessionManager.getEntries() as never),
    ).toHaveLength(1);
  });

  it("RPC mode does not reopen anything (nor record that it did)", async () => {
    const dir = tempDir();
    const file = await killedWhileAsking(dir);
    const rpc = await world({ dir, sessionFile: file, mode: "rpc" });
    expect(rpc.ui.selects).toEqual([]);
    expect(askuserEntries(rpc.branch()).map((e) => e.type)).toEqual(["askuser-ask"]);
  });
});
