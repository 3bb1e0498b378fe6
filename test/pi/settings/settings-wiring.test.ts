import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type AskDetails, modelText } from "../../../src/core/index.ts";
import { REASK_BLOCKED_TEXT } from "../../../src/settings/reask-guard.ts";
import { DEFAULT_SETTINGS } from "../../../src/settings/settings.ts";
import { waitFor } from "../../support/wait-for.ts";
import { askResults, askStep, replyStep } from "../helpers/in-process-pi.ts";
import { type SettingsPi, startSettingsPi } from "./settings-session.ts";

const KEYS = { enter: "\r", down: "\x1b[B", escape: "\x1b" } as const;
const DATABASE = {
  id: "db",
  header: "DB",
  question: "Which database?",
  options: [{ label: "Postgres" }, { label: "SQLite" }],
};
const TWO = {
  questions: [
    DATABASE,
    {
      id: "api",
      header: "API",
      question: "Which API style?",
      options: [{ label: "REST" }, { label: "gRPC" }],
    },
  ],
};
const ONE = { questions: [DATABASE] };
const MINUTE = 60_000;

let pi: SettingsPi | undefined;
afterEach(() => {
  pi?.dispose();
  pi = undefined;
});

function lastResult(request: number): { details: AskDetails; text: string } {
  const result = askResults(pi?.requests[request]).at(-1);
  if (!result) throw new Error(`no ask_user result in request ${request}`);
  const first = result.content[0];
  return {
    details: result.details as unknown as AskDetails,
    text: first?.type === "text" ? first.text : "",
  };
}

describe("settings in Pi: the idle timeout and the re-ask guard (TUI)", () => {
  it("ends an idle form as timed out with the answers so far, answers the next ask of the run at once, and asks again after the agent settled", async () => {
    pi = await startSettingsPi({
      settings: { idleTimeoutMinutes: 1 },
      steps: [
        askStep(TWO, "call_1"),
        askStep(TWO, "call_2"),
        replyStep("I went ahead."),
        askStep(ONE, "call_3"),
        replyStep("Thanks."),
      ],
    });
    const run = pi.session.prompt("Plan the service");
    const form = await pi.ui.opened();
    form.handleInput(KEYS.enter);
    pi.timers.advance(MINUTE - 1_000);
    expect(pi.ui.isFormOpen).toBe(true);
    // A key that changes nothing still shows someone is there.
    form.handleInput("x");
    pi.timers.advance(MINUTE - 1_000);
    expect(pi.ui.isFormOpen).toBe(true);
    pi.timers.advance(1_000);
    await run;

    const timedOut = lastResult(1);
    expect(timedOut.details).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["Postgres"] } },
      unanswered: ["api"],
    });
    expect(timedOut.text).toBe(modelText(timedOut.details));
    const blocked = lastResult(2);
    expect(blocked.text).toBe(REASK_BLOCKED_TEXT);
    expect(blocked.details).toMatchObject({
      status: "unavailable",
      reason: "user_away",
      answers: {},
      unanswered: ["db", "api"],
    });
    expect(pi.ui.formsOpened).toBe(1);
    expect(pi.timers.pendingCount, "no timer left behind").toBe(0);

    const next = pi.session.prompt("Go on");
    const again = await pi.ui.opened();
    again.handleInput(KEYS.enter);
    await next;
    expect(lastResult(4).details).toMatchObject({ status: "answered" });
    expect(pi.ui.formsOpened).toBe(2);
  });

  it("never times out with the default settings", async () => {
    pi = await startSettingsPi({ steps: [askStep(ONE, "call_1"), replyStep("ok")] });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    expect(pi.timers.pendingCount).toBe(0);
    pi.timers.advance(10 * 60 * MINUTE);
    expect(pi.ui.isFormOpen).toBe(true);
    form.handleInput(KEYS.enter);
    await run;
    expect(lastResult(1).details.status).toBe("answered");
  });

  it("stops at the two-hour cap however busy the user is", async () => {
    pi = await startSettingsPi({
      settings: { idleTimeoutMinutes: 30 },
      steps: [askStep(TWO, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    for (let minute = 0; minute < 119; minute += 1) {
      pi.timers.advance(MINUTE);
      form.handleInput("x");
    }
    expect(pi.ui.isFormOpen).toBe(true);
    pi.timers.advance(MINUTE);
    await run;
    expect(lastResult(1).details.status).toBe("timed_out");
  });
});

describe("settings in Pi: the idle timeout in the RPC dialog fallback", () => {
  it("restarts on every answered dialog and ends the open dialog as timed out", async () => {
    pi = await startSettingsPi({
      mode: "rpc",
      settings: { idleTimeoutMinutes: 1 },
      steps: [askStep(TWO, "call_1"), replyStep("ok")],
    });
    let answerFirst: (value: string | undefined) => void = () => {};
    pi.ui.dialogReplies = [
      () =>
        new Promise((resolve) => {
          answerFirst = resolve;
        }),
      () => "wait",
    ];
    const run = pi.session.prompt("hi");
    await waitFor("the first dialog", pi.changes, () => pi?.ui.dialogs.length === 1);
    pi.timers.advance(50_000);
    answerFirst(pi.ui.dialogs[0]?.options?.find((o) => o.includes("Postgres")));
    await waitFor("the second dialog", pi.changes, () => pi?.ui.dialogs.length === 2);
    // Each dialog tells the client the idle time left, restarted by the answer before it.
    expect(pi.ui.dialogs.map((dialog) => dialog.timeout)).toEqual([MINUTE, MINUTE]);
    pi.timers.advance(MINUTE - 1_000);
    expect(pi.ui.dialogs).toHaveLength(2);
    pi.timers.advance(1_000);
    await run;
    expect(lastResult(1).details).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["Postgres"] } },
      unanswered: ["api"],
    });
    expect(pi.ui.dialogs).toHaveLength(2);
  });
});

describe("settings in Pi: the input guard", () => {
  it.each([
    [undefined, true],
    [0, false],
  ])("inputGuardMs %j reaches the form (arming: %j)", async (inputGuardMs, arming) => {
    const fromEnv = process.env.ASKUSER_INPUT_GUARD_MS;
    delete process.env.ASKUSER_INPUT_GUARD_MS;
    try {
      pi = await startSettingsPi({
        settings: inputGuardMs === undefined ? {} : { inputGuardMs },
        steps: [askStep(ONE, "call_1"), replyStep("ok")],
      });
      const run = pi.session.prompt("hi");
      const form = await pi.ui.opened();
      expect(form.render(100).some((line) => line.includes("Just opened"))).toBe(arming);
      form.handleInput(KEYS.enter);
      if (arming) {
        expect(pi.requests).toHaveLength(1);
        await pi.session.abort();
      }
      await run;
      if (!arming)
        expect(lastResult(1).details.answers).toEqual({ db: { selected: ["Postgres"] } });
    } finally {
      if (fromEnv === undefined) delete process.env.ASKUSER_INPUT_GUARD_MS;
      else process.env.ASKUSER_INPUT_GUARD_MS = fromEnv;
    }
  });
});

describe("settings in Pi: presentSingleAsMulti", () => {
  it("opens a single-select question as multi-select, and the agent is told", async () => {
    pi = await startSettingsPi({
      settings: { presentSingleAsMulti: true },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    expect(form.render(100).some((line) => line.includes("[ ] Postgres"))).toBe(true);
    form.handleInput(" ");
    form.handleInput(KEYS.down);
    form.handleInput(" ");
    form.handleInput(KEYS.enter);
    await run;
    const { details, text } = lastResult(1);
    expect(details.answers).toEqual({ db: { selected: ["Postgres", "SQLite"] } });
    expect(details.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "setting" },
    });
    expect(text).toContain("(the user's presentSingleAsMulti setting)");
  });
});

describe("settings in Pi: keys", () => {
  it("uses the user's keys in the form and shows them in the footer", async () => {
    pi = await startSettingsPi({
      settings: { keys: { list: { moveDown: ["n"], moveUp: ["p"] } } },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    const footer = form.render(100).find((line) => line.includes("move"));
    expect(footer?.trim()).toMatchInlineSnapshot(
      `"p/n move · enter select · 1-3 pick row · esc cancel · t multi-select · ? ask back"`,
    );
    form.handleInput(KEYS.down);
    form.handleInput("n");
    form.handleInput(KEYS.enter);
    await run;
    expect(lastResult(1).details.answers).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("rejects an unusable context with a notice and keeps the defaults there only", async () => {
    pi = await startSettingsPi({
      settings: {
        keys: { list: { activate: ["space"] }, editor: { saveDraft: ["ctrl+s"] } },
      },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    expect(pi.ui.notifications).toHaveLength(1);
    expect(
      pi.ui.notifications[0]?.message.replace(pi.settingsFile, "<user file>"),
    ).toMatchInlineSnapshot(`
        "askuser settings: <user file>:
        - keys.list: "space" is bound to both activate and toggle; a key can run only one command in a context
        - keys.list: overrides rejected; the default keys of "list" are used"
      `);
    // The list keeps its defaults; the editor has the user's save key.
    for (const key of [KEYS.down, KEYS.down, KEYS.enter, "a", "b", "\r"]) form.handleInput(key);
    expect(pi.ui.isFormOpen, "Enter no longer saves in the editor").toBe(true);
    form.handleInput("\x13");
    await run;
    expect(lastResult(1).details.answers).toEqual({ db: { selected: [], other: "ab" } });
  });
});

describe("settings in Pi: the file", () => {
  it("writes the defaults on the first ask when there is no file", async () => {
    pi = await startSettingsPi({ steps: [askStep(ONE, "call_1"), replyStep("ok")] });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    expect(JSON.parse(readFileSync(pi.settingsFile, "utf8"))).toEqual({
      schemaVersion: 1,
      ...DEFAULT_SETTINGS,
    });
    expect(pi.ui.notifications.map((n) => n.level)).toEqual(["info"]);
    form.handleInput(KEYS.enter);
    await run;
  });

  it("keeps asking with a broken file, says so once, and picks up the fix on the next ask", async () => {
    pi = await startSettingsPi({
      settings: '{ "idleTimeoutMinutes": 1, }',
      steps: [
        askStep(ONE, "call_1"),
        replyStep("one"),
        askStep(ONE, "call_2"),
        replyStep("two"),
        askStep(ONE, "call_3"),
        replyStep("three"),
      ],
    });
    const first = pi.session.prompt("one");
    (await pi.ui.opened()).handleInput(KEYS.enter);
    await first;
    expect(lastResult(1).details.status).toBe("answered");
    expect(pi.ui.notifications).toEqual([
      { level: "warning", message: expect.stringContaining(`${pi.settingsFile}: not valid JSON`) },
    ]);
    expect(readFileSync(pi.settingsFile, "utf8"), "the file is left alone").toBe(
      '{ "idleTimeoutMinutes": 1, }',
    );

    const second = pi.session.prompt("two");
    (await pi.ui.opened()).handleInput(KEYS.enter);
    await second;
    expect(pi.ui.notifications, "the same problem is not repeated").toHaveLength(1);

    pi.writeSettings({ schemaVersion: 1, idleTimeoutMinutes: 1 });
    const third = pi.session.prompt("three");
    await pi.ui.opened();
    pi.timers.advance(MINUTE);
    await third;
    expect(lastResult(5).details.status).toBe("timed_out");
  });

  it("reads the user settings file under Pi's file: the defaults askuser wrote there hide nothing", async () => {
    pi = await startSettingsPi({
      userSettings: { idleTimeoutMinutes: 1, notifications: { bell: true } },
      // What askuser writes on a first ask, with one value the user changed in Pi's file.
      settings: {
        schemaVersion: 1,
        ...DEFAULT_SETTINGS,
        notifications: { ...DEFAULT_SETTINGS.notifications, osc777: true },
      },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    await pi.ui.opened();
    expect(pi.timers.pendingCount, "the user file's idle timeout applies").toBe(1);
    expect(pi.ui.terminalWrites, "bell from the user file, OSC 777 from Pi's file").toEqual([
      "\x07",
      "\x1b]777;notify;Pi needs an answer;Which database?\x07",
    ]);
    pi.timers.advance(MINUTE);
    await run;
    expect(lastResult(1).details.status).toBe("timed_out");
  });

  it("lets a trusted project's file override the user's, and ignores an untrusted one", async () => {
    for (const trusted of [true, false]) {
      pi = await startSettingsPi({
        settings: { idleTimeoutMinutes: 0 },
        projectSettings: { idleTimeoutMinutes: 1 },
        projectTrusted: trusted,
        steps: [askStep(ONE, "call_1"), replyStep("ok")],
      });
      const run = pi.session.prompt("hi");
      const form = await pi.ui.opened();
      expect(pi.timers.pendingCount).toBe(trusted ? 1 : 0);
      form.handleInput(KEYS.enter);
      await run;
      pi.dispose();
      pi = undefined;
    }
  });
});

describe("settings in Pi: notifications", () => {
  it("sends every enabled channel once when the form opens", async () => {
    pi = await startSettingsPi({
      settings: {
        notifications: { bell: true, osc9: true, osc777: true, command: "my-notify" },
      },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    expect(pi.ui.terminalWrites).toEqual([
      "\x07",
      "\x1b]9;Pi needs an answer: Which database?\x07",
      "\x1b]777;notify;Pi needs an answer;Which database?\x07",
    ]);
    await waitFor("the notification command", pi.changes, () => pi?.commands.length === 1);
    expect(pi.commands[0]).toEqual({
      command: "my-notify",
      env: {
        ASKUSER_EVENT: "ask_open",
        ASKUSER_TITLE: "Pi needs an answer",
        ASKUSER_MESSAGE: "Which database?",
      },
      timeoutMs: 10_000,
    });
    form.handleInput(KEYS.enter);
    await run;
  });

  it("in RPC mode runs only the command: there is no terminal to write to", async () => {
    pi = await startSettingsPi({
      mode: "rpc",
      settings: { notifications: { bell: true, command: "my-notify" } },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
    });
    pi.ui.dialogReplies = [(_title, options) => options?.[0]];
    await pi.session.prompt("hi");
    expect(pi.ui.terminalWrites).toEqual([]);
    expect(pi.commands).toHaveLength(1);
    expect(lastResult(1).details.status).toBe("answered");
  });
});

describe("settings in Pi: a failing notification", () => {
  it("never breaks the ask and is reported once", async () => {
    pi = await startSettingsPi({
      settings: { notifications: { command: "my-notify" } },
      commandOutcome: { ok: false, reason: "exited with code 127: my-notify: not found" },
      steps: [askStep(ONE, "call_1"), replyStep("one"), askStep(ONE, "call_2"), replyStep("two")],
    });
    for (const prompt of ["one", "two"]) {
      const run = pi.session.prompt(prompt);
      const form = await pi.ui.opened();
      await waitFor(
        "the command",
        pi.changes,
        () => pi?.commands.length === (prompt === "one" ? 1 : 2),
      );
      form.handleInput(KEYS.enter);
      await run;
    }
    expect(lastResult(3).details.status).toBe("answered");
    expect(pi.ui.notifications).toEqual([
      {
        level: "warning",
        message:
          'askuser: the notification command "my-notify" failed: exited with code 127: my-notify: not found. The question is shown anyway; fix notifications.command in the settings file that sets it, or set it to "".',
      },
    ]);
  });
});

describe("/askuser in Pi", () => {
  it("shows the settings and toggles one in the user file", async () => {
    pi = await startSettingsPi({ settings: { idleTimeoutMinutes: 2 }, steps: [] });
    await pi.session.prompt("/askuser show");
    expect(pi.ui.notifications.at(-1)?.message).toContain("Idle timeout");
    expect(pi.ui.notifications.at(-1)?.message).toMatch(/2 minutes +\(pi\)/u);
    await pi.session.prompt("/askuser toggle notifications.bell");
    expect(JSON.parse(readFileSync(pi.settingsFile, "utf8")).notifications.bell).toBe(true);
    expect(existsSync(join(pi.agentDir, "askuser.json.bak"))).toBe(false);
  });

  // In the terminal UI the menu reopens as askuser's own list (test/pi/settings/settings-tmux.test.ts).
  it("in RPC, opens the menu with Pi's select, and resets only on the second press", async () => {
    pi = await startSettingsPi({ mode: "rpc", settings: { idleTimeoutMinutes: 2 }, steps: [] });
    pi.ui.dialogReplies = [
      (_t, options) => options?.find((o) => o.startsWith("Reset")),
      (_t, options) => options?.find((o) => o.startsWith("Reset")),
      () => undefined,
    ];
    await pi.session.prompt("/askuser");
    expect(pi.ui.dialogs.map((d) => d.options?.at(-1))).toEqual([
      "Reset to defaults…",
      "Reset to defaults: select again to confirm (a backup is kept)",
      "Reset to defaults…",
    ]);
    expect(JSON.parse(readFileSync(pi.settingsFile, "utf8")).idleTimeoutMinutes).toBe(0);
    expect(JSON.parse(readFileSync(join(pi.agentDir, "askuser.json.bak"), "utf8"))).toEqual({
      idleTimeoutMinutes: 2,
    });
  });
});
