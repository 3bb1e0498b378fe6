import { describe, expect, it } from "vitest";
import { AskuserCommand, type CommandUi } from "../../src/settings/command/askuser-command.ts";
import { withBoolean } from "../../src/settings/command/edit-user-file.ts";
import { RESET_CONFIRM_LABEL, RESET_LABEL } from "../../src/settings/command/menu.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { defaultSettingsText, SettingsStore } from "../../src/settings/settings-store.ts";
import { fakeKeymap } from "./support/fake-keymap.ts";
import { MemoryFs } from "./support/memory-fs.ts";

const USER = "/agent/askuser.json";
const PROJECT = "/proj/.pi/askuser.json";

/** A UI whose select answers come from a script: each step picks an option by its start, or closes. */
function scriptedUi(steps: readonly (string | undefined)[]) {
  const menus: string[][] = [];
  /** The row each menu opened with highlighted (undefined: the first). */
  const highlights: (number | undefined)[] = [];
  const notes: { level: string; message: string }[] = [];
  let index = 0;
  const ui: CommandUi = {
    async select(_title, options, highlight) {
      menus.push(options);
      highlights.push(highlight);
      const step = steps[index++];
      if (step === undefined) return undefined;
      const choice = options.find((option) => option.startsWith(step));
      if (!choice) throw new Error(`no option starts with "${step}" in ${JSON.stringify(options)}`);
      return choice;
    },
    notify(message, level = "info") {
      notes.push({ level, message });
    },
  };
  return { ui, menus, notes, highlights };
}

function setup(files: Record<string, string> = {}, trusted = false) {
  const fs = new MemoryFs();
  for (const [path, text] of Object.entries(files)) fs.files.set(path, text);
  const store = new SettingsStore({ fs, keymap: fakeKeymap, userFile: USER });
  const command = new AskuserCommand({ store, fs });
  const run = (args: string, ui: CommandUi) =>
    command.run(args, trusted ? { ui, projectFile: PROJECT } : { ui });
  return { fs, store, command: { run } };
}

describe("/askuser menu", () => {
  it("lists every setting with its value and where it came from", async () => {
    const { command } = setup(
      {
        [USER]: JSON.stringify({ idleTimeoutMinutes: 1, keys: { list: { moveDown: ["j"] } } }),
        [PROJECT]: JSON.stringify({ notifications: { command: "notify-send hi" } }),
      },
      true,
    );
    const { ui, menus } = scriptedUi([undefined]);
    await command.run("", ui);
    expect(menus[0]).toMatchInlineSnapshot(`
      [
        "Idle timeout                      1 minute             (user)",
        "Bell when a question opens        off                  (default)",
        "OSC 9 desktop notification        off                  (default)",
        "OSC 777 desktop notification      off                  (default)",
        "Notification command              notify-send hi       (project)",
        "Command time limit                10 s                 (default)",
        "Key for /answer                   alt+a                (default)",
        "Keys held as a form opens         600 ms               (default)",
        "Answer from anywhere              off                  (default)",
        "Single as multi-select            off                  (default)",
        "Model that reads prose questions  the session's model  (default)",
        "Time to read prose questions      30 s                 (default)",
        "Keys: list                        1 command rebound    (user)",
        "Reset to defaults…",
      ]
    `);
  });

  it("shows the defaults askuser wrote into a new user file as defaults, not as the user's", async () => {
    const { command } = setup({ [USER]: defaultSettingsText() });
    const { ui, menus } = scriptedUi([undefined]);
    await command.run("", ui);
    expect(menus[0]?.filter((row) => row.includes("(user)"))).toEqual([]);
  });

  it("a user value equal to the default shows as the default; a different one as the user's", async () => {
    const { command } = setup({
      [USER]: JSON.stringify({
        schemaVersion: 1,
        idleTimeoutMinutes: 0,
        notifications: { bell: true },
      }),
    });
    const { ui, menus } = scriptedUi([undefined]);
    await command.run("", ui);
    expect(menus[0]?.find((row) => row.startsWith("Idle timeout"))).toMatch(/\(default\)$/);
    expect(menus[0]?.find((row) => row.startsWith("Bell"))).toMatch(/\(user\)$/);
  });

  it("keeps the highlight on the row just acted on: a toggle, the reset's two steps", async () => {
    const { command } = setup({ [USER]: defaultSettingsText() });
    const { ui, menus, highlights } = scriptedUi([
      "OSC 9",
      "Reset to defaults…",
      RESET_CONFIRM_LABEL,
      undefined,
    ]);
    await command.run("", ui);
    const osc9 = menus[0]?.findIndex((row) => row.startsWith("OSC 9"));
    const reset = (menus[0]?.length ?? 0) - 1;
    expect(highlights).toEqual([undefined, osc9, reset, reset]);
  });

  it("toggles a boolean in the user file and shows the new value, keeping everything else", async () => {
    const original = JSON.stringify({ "// mine": "note", idleTimeoutMinutes: 2, extra: true });
    const { fs, command } = setup({ [USER]: original });
    const { ui, menus, notes } = scriptedUi(["Bell", undefined]);
    await command.run("", ui);
    expect(JSON.parse(fs.files.get(USER)!)).toEqual({
      "// mine": "note",
      idleTimeoutMinutes: 2,
      extra: true,
      schemaVersion: 1,
      notifications: { bell: true },
    });
    expect(menus[1]?.[1]).toMatch(/^Bell when a question opens +on +\(user\)$/u);
    expect(notes.map((n) => n.message)).toContain(
      `notifications.bell is now on (saved in ${USER}). The file was upgraded from schemaVersion 0 to the current one.`,
    );
  });

  it("creates the user file when toggling without one", async () => {
    const { fs, command } = setup();
    const { ui } = scriptedUi(["OSC 9", undefined]);
    await command.run("", ui);
    expect(JSON.parse(fs.files.get(USER)!).notifications.osc9).toBe(true);
  });

  it("reverts and says why when the save fails", async () => {
    const { fs, command } = setup({ [USER]: defaultSettingsText() });
    fs.fail(USER, "replace", "EROFS");
    const { ui, menus, notes } = scriptedUi(["Bell", undefined]);
    await command.run("", ui);
    expect(fs.files.get(USER)).toBe(defaultSettingsText());
    expect(menus[1]?.[1]).toMatch(/ off +\(default\)$/u);
    expect(notes).toEqual([
      {
        level: "error",
        message: `Could not save ${USER}: EROFS: replace ${USER}. notifications.bell stays off.`,
      },
    ]);
  });

  it("refuses to rewrite a broken file", async () => {
    const { fs, command } = setup({ [USER]: "{broken" });
    const { ui, notes } = scriptedUi(["Bell", undefined]);
    await command.run("", ui);
    expect(fs.files.get(USER)).toBe("{broken");
    expect(notes.at(-1)?.level).toBe("error");
    expect(notes.at(-1)?.message).toContain("it is not valid JSON");
    expect(notes[0]?.message, "the file's problem is reported too").toContain("not valid JSON");
  });

  it("points to the project file when the project sets the value", async () => {
    const { fs, command } = setup(
      { [USER]: "{}", [PROJECT]: '{"notifications": {"bell": true}}' },
      true,
    );
    const { ui, notes } = scriptedUi(["Bell", undefined]);
    await command.run("", ui);
    expect(fs.files.get(USER)).toBe("{}");
    expect(notes.at(-1)?.message).toContain("project settings win; change it there");
  });

  it("explains how to change a setting that is not on/off", async () => {
    const { command } = setup({ [USER]: "{}" });
    const { ui, notes } = scriptedUi(["Idle timeout", undefined]);
    await command.run("", ui);
    expect(notes.at(-1)?.message).toBe(
      `Idle timeout is set in the settings file as "idleTimeoutMinutes": edit ${USER} (the next question uses the change).`,
    );
  });

  it("resets only on a second press, keeping a backup", async () => {
    const mine = JSON.stringify({ idleTimeoutMinutes: 5 });
    const { fs, command } = setup({ [USER]: mine });
    const { ui, menus, notes } = scriptedUi([RESET_LABEL, RESET_CONFIRM_LABEL, undefined]);
    await command.run("", ui);
    expect(menus[1]?.at(-1)).toBe(RESET_CONFIRM_LABEL);
    expect(fs.files.get(USER)).toBe(defaultSettingsText());
    expect(fs.files.get(`${USER}.bak`)).toBe(mine);
    expect(menus[2]?.at(-1)).toBe(RESET_LABEL);
    expect(notes.at(-1)?.message).toBe(
      `askuser settings reset to the defaults. The previous file is in ${USER}.bak.`,
    );
  });

  it("disarms the reset when anything else is chosen", async () => {
    const mine = JSON.stringify({ idleTimeoutMinutes: 5 });
    const { fs, command } = setup({ [USER]: mine });
    const { ui, menus } = scriptedUi([RESET_LABEL, "Idle timeout", RESET_LABEL, undefined]);
    await command.run("", ui);
    expect(menus[2]?.at(-1)).toBe(RESET_LABEL);
    expect(fs.files.get(USER)).toBe(mine);
  });

  it("resets nothing when the backup cannot be written", async () => {
    const mine = JSON.stringify({ idleTimeoutMinutes: 5 });
    const { fs, command } = setup({ [USER]: mine });
    fs.fail(`${USER}.bak`, "replace", "ENOSPC");
    const { ui, notes } = scriptedUi([RESET_LABEL, RESET_CONFIRM_LABEL, undefined]);
    await command.run("", ui);
    expect(fs.files.get(USER)).toBe(mine);
    expect(notes.at(-1)?.message).toContain("Nothing was reset.");
  });
});

describe("/askuser with arguments", () => {
  it("shows the files and the settings", async () => {
    const { command } = setup({ [USER]: '{"notifications": {"bell": "x"}}' });
    const { ui, notes } = scriptedUi([]);
    await command.run("show", ui);
    expect(notes.at(-1)?.message).toMatchInlineSnapshot(`
      "askuser settings
      user file: /agent/askuser.json (1 setting skipped: notifications.bell: expected true or false, got "x")
      project file: not read (the project is not trusted, or there is no project)
        Idle timeout                      off                  (default)
        Bell when a question opens        off                  (default)
        OSC 9 desktop notification        off                  (default)
        OSC 777 desktop notification      off                  (default)
        Notification command              none                 (default)
        Command time limit                10 s                 (default)
        Key for /answer                   alt+a                (default)
        Keys held as a form opens         600 ms               (default)
        Answer from anywhere              off                  (default)
        Single as multi-select            off                  (default)
        Model that reads prose questions  the session's model  (default)
        Time to read prose questions      30 s                 (default)"
    `);
  });

  it("toggles by name, and rejects names that are not on/off settings", async () => {
    const { fs, command } = setup({ [USER]: "{}" });
    const { ui, notes } = scriptedUi([]);
    await command.run("toggle notifications.osc777", ui);
    expect(JSON.parse(fs.files.get(USER)!).notifications).toEqual({ osc777: true });
    await command.run("toggle idleTimeoutMinutes", ui);
    expect(notes.at(-1)).toEqual({
      level: "warning",
      message:
        '/askuser toggle: "idleTimeoutMinutes" is not an on/off setting; use one of notifications.bell, notifications.osc9, notifications.osc777, remote, presentSingleAsMulti',
    });
  });

  it("resets on the second /askuser reset in a row only", async () => {
    const { fs, command } = setup({ [USER]: '{"idleTimeoutMinutes": 3}' });
    const { ui } = scriptedUi([]);
    await command.run("reset", ui);
    await command.run("show", ui);
    await command.run("reset", ui);
    expect(JSON.parse(fs.files.get(USER)!).idleTimeoutMinutes).toBe(3);
    await command.run("reset", ui);
    expect(JSON.parse(fs.files.get(USER)!)).toEqual({ schemaVersion: 1, ...DEFAULT_SETTINGS });
  });

  it("answers unknown arguments with the usage", async () => {
    const { command } = setup();
    const { ui, notes } = scriptedUi([]);
    await command.run("frobnicate", ui);
    expect(notes.at(-1)?.message).toMatch(/^Usage: \/askuser/u);
  });
});

describe("withBoolean", () => {
  it.each([
    ["a file from a newer askuser", '{"schemaVersion": 7}', "written by a newer askuser"],
    ["notifications that are not an object", '{"notifications": 1}', '"notifications" is number 1'],
    ["a list", "[]", "not a JSON object"],
    ["a bad schemaVersion", '{"schemaVersion": "one"}', "schemaVersion must be a whole number"],
  ])("refuses %s", (_name, text, reason) => {
    const result = withBoolean(text, "notifications.bell", true);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toContain(reason);
  });
});

describe("/askuser over a user file and Pi's file", () => {
  const XDG = "/home/me/.config/askuser/settings.json";
  function piSetup(files: Record<string, string>) {
    const fs = new MemoryFs();
    for (const [path, text] of Object.entries(files)) fs.files.set(path, text);
    const store = new SettingsStore({ fs, keymap: fakeKeymap, userFile: XDG, piFile: USER });
    const command = new AskuserCommand({ store, fs });
    return { fs, run: (args: string, ui: CommandUi) => command.run(args, { ui }) };
  }

  it("names each value's file, and counts the defaults askuser wrote into Pi's file as defaults", async () => {
    const { run } = piSetup({
      [XDG]: JSON.stringify({ idleTimeoutMinutes: 5, notifications: { bell: true } }),
      [USER]: JSON.stringify({
        ...JSON.parse(defaultSettingsText()),
        notifications: { ...DEFAULT_SETTINGS.notifications, osc9: true },
      }),
    });
    const { ui, notes } = scriptedUi([]);
    await run("show", ui);
    expect(notes.at(-1)?.message).toMatchInlineSnapshot(`
      "askuser settings
      user file: /home/me/.config/askuser/settings.json
      Pi file: /agent/askuser.json
      project file: not read (the project is not trusted, or there is no project)
        Idle timeout                      5 minutes            (user)
        Bell when a question opens        on                   (user)
        OSC 9 desktop notification        on                   (pi)
        OSC 777 desktop notification      off                  (default)
        Notification command              none                 (default)
        Command time limit                10 s                 (default)
        Key for /answer                   alt+a                (default)
        Keys held as a form opens         600 ms               (default)
        Answer from anywhere              off                  (default)
        Single as multi-select            off                  (default)
        Model that reads prose questions  the session's model  (default)
        Time to read prose questions      30 s                 (default)"
    `);
  });

  it("flips a value in the file it came from, so turning it back to its default takes effect", async () => {
    const userText = JSON.stringify({ notifications: { bell: true } });
    const { fs, run } = piSetup({ [XDG]: userText, [USER]: defaultSettingsText() });
    const { ui, menus, notes } = scriptedUi(["Bell", "OSC 9", undefined]);
    await run("", ui);
    expect(JSON.parse(fs.files.get(XDG)!).notifications.bell).toBe(false);
    expect(notes[0]?.message).toMatch(`notifications.bell is now off (saved in ${XDG})`);
    expect(menus[1]?.[1]).toMatch(/^Bell when a question opens +off +\(default\)$/u);
    // A default is changed in the host's own file: Pi's.
    expect(JSON.parse(fs.files.get(USER)!).notifications.osc9).toBe(true);
    expect(JSON.parse(fs.files.get(XDG)!).notifications.osc9).toBeUndefined();
  });

  it("resets only Pi's file, and says the user file still applies", async () => {
    const { fs, run } = piSetup({
      [XDG]: JSON.stringify({ idleTimeoutMinutes: 5 }),
      [USER]: JSON.stringify({ idleTimeoutMinutes: 9 }),
    });
    const { ui, notes } = scriptedUi([]);
    await run("reset", ui);
    await run("reset", ui);
    expect(fs.files.get(USER)).toBe(defaultSettingsText());
    expect(fs.files.get(XDG)).toBe(JSON.stringify({ idleTimeoutMinutes: 5 }));
    expect(notes.at(-1)?.message).toBe(
      `askuser settings reset to the defaults. The previous file is in ${USER}.bak. The user file ${XDG} still applies.`,
    );
  });
});
