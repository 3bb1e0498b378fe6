import { describe, expect, it } from "vitest";
import { openFormWithSettings, type SettingsFormHooks } from "../../src/cli/form-settings.ts";
import type { Ask, AskDetails } from "../../src/core/index.ts";
import type { CommandOutcome, CommandRequest } from "../../src/settings/notify/command-runner.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../src/settings/settings.ts";
import { ManualTimers } from "../support/manual-timers.ts";

const ASK: Ask = {
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      multiSelect: false,
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
} as unknown as Ask;

function withSettings(
  patch: Partial<Omit<Settings, "notifications">> & {
    notifications?: Partial<Settings["notifications"]>;
  },
): Settings {
  return {
    ...DEFAULT_SETTINGS,
    ...patch,
    notifications: { ...DEFAULT_SETTINGS.notifications, ...patch.notifications },
  } as Settings;
}

/** A stand-in form: it shows at once, and ends as timed out when the timeout aborts. */
function harness(
  settings: Settings,
  commandOutcome: CommandOutcome = { ok: true },
  env: Record<string, string> = {},
) {
  const timers = new ManualTimers();
  const written: string[] = [];
  const commands: CommandRequest[] = [];
  let stderr = "";
  let hooks: SettingsFormHooks | undefined;
  let finish: ((details: AskDetails) => void) | undefined;
  const done = openFormWithSettings(
    ASK,
    settings,
    {
      timers,
      insideTmux: false,
      env,
      stderr: { write: (text: string) => (stderr += text) },
      runCommand: async (request) => {
        commands.push(request);
        return commandOutcome;
      },
    },
    (given) =>
      new Promise<AskDetails>((resolve) => {
        hooks = given;
        finish = resolve;
        given.timeout.addEventListener("abort", () =>
          resolve({ status: "timed_out" } as AskDetails),
        );
        given.onShown({ write: (data) => written.push(data) });
      }),
  );
  return {
    timers,
    written,
    commands,
    done,
    get stderr() {
      return stderr;
    },
    get hooks() {
      if (!hooks) throw new Error("the form was not opened");
      return hooks;
    },
    answer: () => finish?.({ status: "answered" } as AskDetails),
  };
}

describe("askuser ask's form with the user settings", () => {
  it("ends as timed out after the idle time, and every key restarts the wait", async () => {
    const form = harness(withSettings({ idleTimeoutMinutes: 1 }));
    form.timers.advance(50_000);
    form.hooks.onInput();
    form.timers.advance(50_000);
    expect(form.hooks.timeout.aborted, "a key 50 s ago keeps it open").toBe(false);
    form.timers.advance(10_000);
    expect((await form.done).status).toBe("timed_out");
  });

  it("never times out with the defaults", async () => {
    const form = harness(DEFAULT_SETTINGS);
    expect(form.timers.pendingCount).toBe(0);
    form.answer();
    expect((await form.done).status).toBe("answered");
  });

  it("gives the form the user's input guard, unless ASKUSER_INPUT_GUARD_MS overrides it", () => {
    const set = harness(withSettings({ inputGuardMs: 0 }));
    expect(set.hooks.inputGuardMs).toBe(0);
    set.answer();
    const overridden = harness(
      withSettings({ inputGuardMs: 0 }),
      { ok: true },
      {
        ASKUSER_INPUT_GUARD_MS: "300",
      },
    );
    expect(overridden.hooks.inputGuardMs, "the form reads the environment itself").toBeUndefined();
    overridden.answer();
  });

  it("gives the form the user's presentSingleAsMulti", () => {
    const on = harness(withSettings({ presentSingleAsMulti: true }));
    expect(on.hooks.presentSingleAsMulti).toBe(true);
    on.answer();
    const off = harness(withSettings({}));
    expect(off.hooks.presentSingleAsMulti).toBe(false);
    off.answer();
  });

  it("gives the form the user's keys", () => {
    const form = harness(withSettings({ keys: { list: { moveDown: ["down", "n"] } } }));
    expect(form.hooks.keymap.list.moveDown).toEqual(["down", "n"]);
    expect(form.hooks.keymap.list.moveUp).toEqual(["up", "k"]);
    form.answer();
  });

  it("rings and notifies on the form's terminal, and runs the command with the question in its environment", async () => {
    const form = harness(
      withSettings({ notifications: { bell: true, osc9: true, osc777: true, command: "notify" } }),
    );
    expect(form.written).toEqual([
      "\x07",
      "\x1b]9;askuser needs an answer: Which database?\x07",
      "\x1b]777;notify;askuser needs an answer;Which database?\x07",
    ]);
    expect(form.commands).toEqual([
      {
        command: "notify",
        env: {
          ASKUSER_EVENT: "ask_open",
          ASKUSER_TITLE: "askuser needs an answer",
          ASKUSER_MESSAGE: "Which database?",
        },
        timeoutMs: 10_000,
      },
    ]);
    form.answer();
    await form.done;
  });

  it("tells a failed command on stderr only once the form is gone", async () => {
    const form = harness(withSettings({ notifications: { command: "nope" } }), {
      ok: false,
      reason: "exited with code 127: sh: nope: not found\u001b[2J",
    });
    await Promise.resolve();
    expect(form.stderr, "nothing is drawn over the open form").toBe("");
    form.answer();
    await form.done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(form.stderr).toMatch(
      /^askuser: the notification command "nope" failed: exited with code 127/u,
    );
    expect(form.stderr).not.toContain("\u001b");
    expect(form.stderr.split("\n")).toHaveLength(2);
  });
});
