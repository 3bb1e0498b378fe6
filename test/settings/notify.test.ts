import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { Ask } from "../../src/core/index.ts";
import type { CommandRequest } from "../../src/settings/notify/command-runner.ts";
import {
  type AskNotification,
  notificationForAsk,
} from "../../src/settings/notify/notification.ts";
import { Notifier } from "../../src/settings/notify/notifier.ts";
import { notificationText } from "../../src/settings/notify/sanitize.ts";
import { osc9, osc777, tmuxPassthrough } from "../../src/settings/notify/sequences.ts";
import { DEFAULT_SETTINGS, type NotificationSettings } from "../../src/settings/settings.ts";
import { askOf, SINGLE, THREE } from "../support/asks.ts";

// Written here from what terminals interpret, not imported from the module under test, so that a
// narrowed set in the module fails these tests: C0 controls, DEL, C1 controls (8-bit CSI, OSC,
// ST), the line and paragraph separators, and the bidirectional controls.
const UNSAFE_CHARS = String.raw`\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, "u");
const SAFE_RUN = `[^${UNSAFE_CHARS}]*`;
const SAFE_TITLE = `[^;${UNSAFE_CHARS}]*`;
const anyText = fc.string({ unit: "binary", maxLength: 300 });

describe("notificationText", () => {
  it("never lets an unsafe character through, and respects the length", () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 120 }), (text, max) => {
        const clean = notificationText(text, max);
        expect(clean).not.toMatch(UNSAFE);
        expect([...clean].length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it("turns control runs into single spaces and cuts long text with an ellipsis", () => {
    expect(notificationText("a\x1b[31mb\n\n\tc\u202ed\x07", 50)).toBe("a [31mb c d");
    expect(notificationText("abcdefghij", 5)).toBe("abcd…");
  });
});

describe("escape sequences", () => {
  it("carry sanitised text only: one sequence, ended where it should end", () => {
    fc.assert(
      fc.property(anyText, anyText, (title, message) => {
        const t = notificationText(title, 80);
        const m = notificationText(message, 200);
        expect(osc9(m)).toMatch(new RegExp(`^\x1b\\]9;${SAFE_RUN}\x07$`, "u"));
        expect(osc777(t, m)).toMatch(
          new RegExp(`^\x1b\\]777;notify;${SAFE_TITLE};${SAFE_RUN}\x07$`, "u"),
        );
      }),
    );
  });

  it("keeps an OSC 9 body from being read as a ConEmu sub-command", () => {
    expect(osc9("4;3;progress")).toBe("\x1b]9; 4;3;progress\x07");
    expect(osc9("Pick one")).toBe("\x1b]9;Pick one\x07");
  });

  it("wraps for tmux passthrough by doubling every ESC", () => {
    expect(tmuxPassthrough(osc9("hi"))).toBe("\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\");
  });
});

describe("notificationForAsk", () => {
  it("gives the question, or every header with its question", () => {
    expect(notificationForAsk(askOf(SINGLE), "ask_open")).toEqual({
      event: "ask_open",
      title: "Pi needs an answer",
      message: "Which database?",
    });
    expect(notificationForAsk(askOf(THREE), "ask_pending")).toEqual({
      event: "ask_pending",
      title: "Pi needs 3 answers",
      message: "DB: Which database? · Features: Which features? · API: Which API style?",
    });
  });

  it("makes hostile model text one safe line even if validation were bypassed", () => {
    const valid = askOf(THREE);
    const hostile: Ask = {
      ...valid,
      questions: valid.questions.map((q) => ({
        ...q,
        header: "H\x1b]0;evil\x07",
        question: "Line one\nline two\x9b31m\u202e",
      })),
    };
    const { title, message } = notificationForAsk(hostile, "ask_open", "P\x07i");
    expect(title).not.toMatch(UNSAFE);
    expect(message).not.toMatch(UNSAFE);
    expect(message).toBe(
      "H ]0;evil : Line one line two 31m · H ]0;evil : Line one line two 31m · H ]0;evil : Line one line two 31m",
    );
  });
});

const ALL_ON: NotificationSettings = {
  ...DEFAULT_SETTINGS.notifications,
  bell: true,
  osc9: true,
  osc777: true,
  command: "notify-me",
};
const NOTE = {
  event: "ask_open",
  title: "Pi needs an answer",
  message: "Which database?",
} as const;

function notifier(options: { terminal?: boolean; insideTmux?: boolean } = {}) {
  const written: string[] = [];
  const commands: CommandRequest[] = [];
  const runCommand = vi.fn(async (request: CommandRequest) => {
    commands.push(request);
    return { ok: true } as const;
  });
  const inner = new Notifier({ runCommand, insideTmux: options.insideTmux ?? false });
  const writeTerminal = (data: string) => void written.push(data);
  const n = {
    notify: (note: AskNotification, settings: NotificationSettings) =>
      inner.notify(note, settings, options.terminal === false ? undefined : writeTerminal),
  };
  return { n, written, commands, runCommand };
}

describe("Notifier", () => {
  it("sends nothing with the defaults", async () => {
    const { n, written, runCommand } = notifier();
    expect(await n.notify(NOTE, DEFAULT_SETTINGS.notifications)).toEqual([]);
    expect(written).toEqual([]);
    expect(runCommand).not.toHaveBeenCalled();
  });

  it("uses every enabled channel at once", async () => {
    const { n, written, commands } = notifier();
    expect(await n.notify(NOTE, ALL_ON)).toEqual([]);
    expect(written).toEqual([
      "\x07",
      "\x1b]9;Pi needs an answer: Which database?\x07",
      "\x1b]777;notify;Pi needs an answer;Which database?\x07",
    ]);
    expect(commands).toEqual([
      {
        command: "notify-me",
        env: {
          ASKUSER_EVENT: "ask_open",
          ASKUSER_TITLE: "Pi needs an answer",
          ASKUSER_MESSAGE: "Which database?",
        },
        timeoutMs: 10_000,
      },
    ]);
  });

  it("gives the command the answer page's URL, when the ask is on it and the URL is safe", async () => {
    const { n, commands } = notifier({ terminal: false });
    await n.notify({ ...NOTE, url: "http://127.0.0.1:4711/?code=abc" }, ALL_ON);
    await n.notify({ ...NOTE, url: "http://127.0.0.1/\u001b]0;x\u0007" }, ALL_ON);
    expect(commands.map((request) => request.env.ASKUSER_URL)).toEqual([
      "http://127.0.0.1:4711/?code=abc",
      undefined,
    ]);
  });

  it("wraps OSC notifications inside tmux, not the bell", async () => {
    const { n, written } = notifier({ insideTmux: true });
    await n.notify(NOTE, { ...ALL_ON, command: "" });
    expect(written[0]).toBe("\x07");
    expect(written.slice(1).every((data) => data.startsWith("\x1bPtmux;"))).toBe(true);
  });

  it("skips the terminal channels where there is no terminal (RPC)", async () => {
    const { n, commands } = notifier({ terminal: false });
    expect(await n.notify(NOTE, ALL_ON)).toEqual([]);
    expect(commands).toHaveLength(1);
  });

  it("a failing command named with controls is quoted inert", async () => {
    const runCommand = vi.fn(async () => ({ ok: false, reason: "no" }) as const);
    const notifier = new Notifier({ runCommand, insideTmux: false });
    const failures = await notifier.notify(
      NOTE,
      { ...ALL_ON, bell: false, osc9: false, osc777: false, command: "notify\u009b2J\u202e" },
      () => {},
    );
    expect(failures.map((f) => f.message).join("")).toContain(String.raw`"notify\u009b2J\u202e"`);
  });

  it("reports a failing channel once, and still runs the others", async () => {
    const runCommand = vi.fn(
      async () => ({ ok: false, reason: "exited with code 2: nope" }) as const,
    );
    const written: string[] = [];
    const notifier = new Notifier({ runCommand, insideTmux: false });
    const writeTerminal = (data: string) => {
      if (data.includes("]9;")) throw new Error("EPIPE");
      written.push(data);
    };
    const n = {
      notify: (note: AskNotification, settings: NotificationSettings) =>
        notifier.notify(note, settings, writeTerminal),
    };
    const first = await n.notify(NOTE, ALL_ON);
    expect(first).toMatchInlineSnapshot(`
      [
        {
          "channel": "osc9",
          "message": "askuser: the osc9 notification failed: EPIPE. The question is shown anyway.",
        },
        {
          "channel": "command",
          "message": "askuser: the notification command "notify-me" failed: exited with code 2: nope. The question is shown anyway; fix notifications.command in the settings file that sets it, or set it to "".",
        },
      ]
    `);
    expect(written).toHaveLength(2);
    expect(await n.notify(NOTE, ALL_ON)).toEqual([]);
    expect(runCommand).toHaveBeenCalledTimes(2);
    const changed = await n.notify(NOTE, { ...ALL_ON, command: "other" });
    expect(
      changed.map((f) => f.channel),
      "a different command's failure is news",
    ).toEqual(["command"]);
  });

  it("turns a runner that throws into a reported failure", async () => {
    const n = new Notifier({
      runCommand: async () => {
        throw new Error("spawn EMFILE");
      },
      insideTmux: false,
    });
    expect((await n.notify(NOTE, ALL_ON))[0]?.message).toContain("spawn EMFILE");
  });
});
