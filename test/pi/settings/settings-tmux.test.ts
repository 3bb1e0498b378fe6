import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../../support/cleanup.ts";
import { fileText } from "../../support/wait-for.ts";
import { DATABASE_ASK as ASK } from "../fixtures/questions.ts";
import { startTmuxPi } from "../helpers/pi-modes.ts";
import { askResults, PiSandbox } from "../helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const waitForFile = (path: string): Promise<string> => fileText(path);

/**
 * The acceptance path in the real interactive pi: settings edited while Pi runs apply to the next
 * question (a custom key shown in the footer, a command notification, an idle timeout), and a
 * broken file still gives a working question with a clear notice.
 */
describe("askuser settings in the real pi TUI", () => {
  it("applies edits to the next question without a restart, and survives a broken file", async () => {
    const steps = Array.from({ length: 4 }, (_, index) => [
      { toolCall: { name: "ask_user", arguments: ASK } },
      { text: `Reply ${index + 1}.` },
    ]).flat();
    const sandbox = new PiSandbox(steps);
    cleanup(() => sandbox.dispose());
    const tmux = startTmuxPi(sandbox, cleanup, { height: 50 });
    const settingsFile = join(sandbox.agentDir, "askuser.json");
    const ask = async (prompt: string) => {
      tmux.text(prompt);
      tmux.keys("Enter");
      return tmux.waitFor("❯ 1. ○ Postgres");
    };
    await tmux.waitFor("[Extensions]");

    // First question: no file yet, so it is created with the defaults.
    await ask("one");
    expect(JSON.parse(readFileSync(settingsFile, "utf8")).idleTimeoutMinutes).toBe(0);
    tmux.keys("Enter");
    await tmux.waitFor("Reply 1.");

    // Edited while Pi runs: a custom key and a command notification.
    const notified = join(sandbox.dir, "notified.txt");
    writeFileSync(
      settingsFile,
      JSON.stringify({
        schemaVersion: 1,
        notifications: { command: `printf '%s' "$ASKUSER_MESSAGE" > '${notified}'` },
        keys: { list: { moveDown: ["n"] } },
      }),
    );
    const form = await ask("two");
    expect(form).toMatch(/↑\/k n move/u);
    expect(await waitForFile(notified)).toBe("Which database should the service use?");
    tmux.keys("n", "Enter");
    await tmux.waitFor("Reply 2.");
    expect(askResults(sandbox.requests()[3]).at(-1)?.details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
    });

    // Broken: the question still works, with a notice naming the file.
    writeFileSync(settingsFile, '{ "idleTimeoutMinutes": 1, }');
    const broken = await ask("three");
    expect(broken).toContain("askuser.json");
    expect(broken).toContain("not valid JSON");
    tmux.keys("Enter");
    await tmux.waitFor("Reply 3.");
    expect(readFileSync(settingsFile, "utf8"), "a broken file is left alone").toBe(
      '{ "idleTimeoutMinutes": 1, }',
    );

    // A (very short) idle timeout ends the next question by itself.
    writeFileSync(settingsFile, JSON.stringify({ schemaVersion: 1, idleTimeoutMinutes: 0.01 }));
    await ask("four");
    await tmux.waitFor("Reply 4.");
    expect(askResults(sandbox.requests()[7]).at(-1)?.details).toMatchObject({
      status: "timed_out",
    });
  });
});

describe("/askuser in the real pi TUI", () => {
  it("keeps the highlight on the row acted on, so the reset confirms with a second Enter", async () => {
    const sandbox = new PiSandbox([]);
    cleanup(() => sandbox.dispose());
    const tmux = startTmuxPi(sandbox, cleanup, { height: 50 });
    await tmux.waitFor("[Extensions]");
    tmux.text("/askuser");
    await tmux.waitFor("/askuser");
    tmux.keys("Enter");
    await tmux.waitFor("→ Idle timeout");
    tmux.keys("Down", "Down");
    await tmux.waitFor("→ OSC 9 desktop notification");
    tmux.keys("Enter");
    const toggled = await tmux.waitFor(/→ OSC 9 desktop notification +on +\(pi\)/u);
    expect(toggled).toMatch(/Idle timeout +off +\(default\)/u);

    tmux.keys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down");
    await tmux.waitFor("→ Reset to defaults…");
    tmux.keys("Enter");
    await tmux.waitFor("→ Reset to defaults: select again to confirm");
    tmux.keys("Enter");
    await tmux.waitFor("askuser settings reset to the defaults.");
    const settings = JSON.parse(readFileSync(join(sandbox.agentDir, "askuser.json"), "utf8"));
    expect(settings.notifications.osc9).toBe(false);
  });
});
