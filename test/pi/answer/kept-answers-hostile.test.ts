import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { controlIn } from "../../support/control-sequences.ts";
import { userMessages } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { worldsCleanedUpAfterEach } from "../survive/fixtures.ts";
import { loseTheKey, PROSE, submitPicks } from "./fixtures.ts";

const { world, tempDir } = worldsCleanedUpAfterEach();

const proseAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

const answersIn = (w: PiWorld, index: number) =>
  w.model.userTexts(w.model.requests[index]).filter((text) => text.startsWith("[ask_user]"));

/** The agent asked in prose and the answers to `/answer` (Postgres, …) were kept: no API key. */
async function keptAnswers(dir: string): Promise<PiWorld> {
  const w = await startWorld({ dir, model: new ScriptedModel().text(PROSE) });
  await w.runtime.session.prompt("Plan the order service");
  loseTheKey(w);
  const answering = w.command("/answer");
  await submitPicks(w, [0, 0, 0]);
  await answering;
  return w;
}

async function say(w: PiWorld, text: string): Promise<void> {
  await w.runtime.session.prompt(text);
  await w.runtime.session.waitForIdle();
}

type Line = { id: string; parentId: string | null; [key: string]: unknown };
const linesOf = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));

describe("kept answers against a kill, a session switch and a crowded session file", () => {
  it("killed while /answer:again's form is open: the earlier answers are still kept, and go once", async () => {
    const dir = tempDir("askuser-kept-kill-again-");
    const first = await keptAnswers(dir);
    const reopening = first.command("/answer:again");
    const form = await first.ui.nextForm();
    form.handleInput(KEYS.down);
    const killed = first.snapshotSessionFile();
    await first.dispose();
    await reopening;

    const second = await world({ dir, sessionFile: killed });
    await say(second, "Go on.");
    expect(answersIn(second, 0)).toEqual([
      expect.stringContaining('"Which database should the service use?" = "Postgres"'),
    ]);
    expect(proseAnswers(second)).toHaveLength(1);
  });

  it("/new and back with /resume: still kept, and the next message there carries them once", async () => {
    const dir = tempDir("askuser-kept-resume-");
    const w = await keptAnswers(dir);
    const file = w.runtime.session.sessionFile ?? "";
    await w.runtime.newSession();
    await say(w, "Another conversation");
    expect(w.model.userTexts(w.model.requests.at(-1))).toEqual(["Another conversation"]);
    await w.runtime.switchSession(file);
    // The resumed session's model is the one the world started with, which has a key.
    await say(w, "Back.");
    expect(proseAnswers(w)).toHaveLength(1);
    await say(w, "And again.");
    expect(proseAnswers(w)).toHaveLength(1);
    await w.dispose();
  });

  it("thirty kept records, one with 100 KB of escape-laden text: one run carries each once, in order, with no raw control byte", async () => {
    const dir = tempDir("askuser-kept-many-");
    const before = await keptAnswers(dir);
    const file = before.runtime.session.sessionFile ?? "";
    await before.dispose();
    const lines = linesOf(file);
    const original = lines.find((line) => line.customType === "askuser-kept-prose");
    expect(original).toBeDefined();
    const data = original?.data as { details: { answers: Record<string, unknown> } };
    const evil = `\x1b]0;pwned\x07\u009b31m\u202e${"x".repeat(100_000)}`;
    const [first] = Object.keys(data.details.answers);
    let parentId = lines.at(-1)?.id ?? null;
    for (let i = 1; i <= 30; i++) {
      const answer = { selected: [], other: i === 7 ? evil : `answer ${i}` };
      const copy = {
        ...original,
        id: `many${i}`,
        parentId,
        data: {
          ...data,
          id: `kept-${i}`,
          details: { ...data.details, answers: { ...data.details.answers, [first ?? ""]: answer } },
        },
      };
      lines.push(copy as Line);
      parentId = copy.id;
    }
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);

    const second = await world({ dir, sessionFile: file });
    await say(second, "Go on.");
    // Pi steers one message into each turn: all of them reach the session in this one run.
    const sent = proseAnswers(second);
    expect(sent).toHaveLength(31);
    expect(sent[0]).toContain('= "Postgres"');
    for (let i = 1; i <= 30; i++) {
      if (i !== 7) expect(sent[i]).toContain(`= "answer ${i}"`);
    }
    expect(sent[7]).toContain("\\u001b]0;pwned\\u0007\\u009b31m\\u202exxx");
    for (const text of sent) expect(controlIn(text)).toBeUndefined();
    for (const widget of second.ui.notifications) expect(controlIn(widget.text)).toBeUndefined();
    const again = second.snapshotSessionFile();

    const third = await world({ dir, sessionFile: again });
    await say(third, "Still there?");
    expect(third.model.requests).toHaveLength(1);
    expect(proseAnswers(third)).toHaveLength(31);
  });

  it("unreadable entries with 100 KB ids and escape bytes: the start's lines name them short and safe", async () => {
    const dir = tempDir("askuser-kept-long-id-");
    const before = await keptAnswers(dir);
    const file = before.runtime.session.sessionFile ?? "";
    await before.dispose();
    const lines = linesOf(file);
    const last = lines.at(-1)?.id ?? null;
    const id = `\x1b]0;pwned\x07${"i".repeat(100_000)}`;
    const foreign = (customType: string, entryId: string, parentId: string | null) => ({
      type: "custom",
      id: entryId,
      parentId,
      timestamp: "2026-12-02T00:00:00.000Z",
      customType,
      data: { v: 2 },
    });
    lines.push(foreign("askuser-kept-prose", id, last) as Line);
    lines.push(foreign("askuser-answer", `${id}b`, id) as Line);
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);

    const second = await world({ dir, sessionFile: file });
    const shown = second.ui.widgetText("askuser-recovery") ?? "";
    expect(shown).toContain("could not be read (entry ␛]0;pwned␇iii");
    expect(controlIn(shown)).toBeUndefined();
    for (const line of shown.split("\n")) expect(line.length).toBeLessThan(400);
  });
});
