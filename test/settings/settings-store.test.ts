import { describe, expect, it } from "vitest";
import { UNSAFE_CHARACTER_CLASS } from "../../src/core/text-safety.ts";
import { noticeText } from "../../src/settings/notices.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { defaultSettingsText, SettingsStore } from "../../src/settings/settings-store.ts";
import { fakeKeymap } from "./support/fake-keymap.ts";
import { MemoryFs } from "./support/memory-fs.ts";

const USER = "/agent/askuser.json";
const PROJECT = "/proj/.pi/askuser.json";

function setup(files: Record<string, string> = {}) {
  const fs = new MemoryFs();
  for (const [path, text] of Object.entries(files)) fs.files.set(path, text);
  const store = new SettingsStore({ fs, keymap: fakeKeymap, userFile: USER });
  return { fs, store };
}

const ask = { createUserFile: true } as const;

describe("SettingsStore: the user file", () => {
  it("creates a missing user file with the defaults on the first ask, and says so once", async () => {
    const { fs, store } = setup();
    const first = await store.load(ask);
    expect(fs.files.get(USER)).toBe(defaultSettingsText());
    expect(JSON.parse(fs.files.get(USER)!)).toEqual({ schemaVersion: 1, ...DEFAULT_SETTINGS });
    expect(first.user.status).toEqual({ kind: "created" });
    expect(first.effective.settings).toEqual(DEFAULT_SETTINGS);
    expect(first.effective.scalarSources.idleTimeoutMinutes).toBe("user");
    expect(first.notices.map(noticeText)).toEqual([
      `askuser settings: ${USER}: created with the default settings; edit it, or run /askuser to see and change them`,
    ]);
    const second = await store.load(ask);
    expect(second.user.status).toEqual({ kind: "loaded", problems: [] });
    expect(second.notices).toEqual([]);
  });

  it("does not create the file when only looking (the /askuser command)", async () => {
    const { fs, store } = setup();
    const snapshot = await store.load({ createUserFile: false });
    expect(fs.files.has(USER)).toBe(false);
    expect(snapshot.user.status).toEqual({ kind: "missing" });
  });

  it("uses the defaults when the file cannot be created, without a warning, and tries only once", async () => {
    const { fs, store } = setup();
    fs.fail(USER, "create", "EACCES");
    const first = await store.load(ask);
    expect(first.effective.settings).toEqual(DEFAULT_SETTINGS);
    expect(first.notices).toEqual([]);
    expect(first.user.status).toEqual({ kind: "missing", creationError: `EACCES: create ${USER}` });
    fs.failures.clear();
    await store.load(ask);
    expect(fs.files.has(USER)).toBe(false);
  });

  it("reads a file someone else created in the meantime instead of overwriting it", async () => {
    const { fs, store } = setup();
    const original = fs.createExclusive.bind(fs);
    fs.createExclusive = async (path, text) => {
      fs.files.set(path, '{"idleTimeoutMinutes": 7}');
      return original(path, text);
    };
    const snapshot = await store.load(ask);
    expect(fs.files.get(USER)).toBe('{"idleTimeoutMinutes": 7}');
    expect(snapshot.effective.settings.idleTimeoutMinutes).toBe(7);
  });

  it("never rewrites an existing file when loading, even an old or broken one", async () => {
    const texts = ['{"idleTimeoutMinutes": 2}', "{oops", '{"schemaVersion": 5}', '{"keys": 1}'];
    for (const text of texts) {
      const { fs, store } = setup({ [USER]: text });
      await store.load(ask);
      await store.load(ask);
      expect(fs.files.get(USER)).toBe(text);
    }
  });
});

describe("SettingsStore: problems", () => {
  it("uses the defaults for an invalid file, with one notice naming the file and the problem", async () => {
    const { store } = setup({ [USER]: '{"idleTimeoutMinutes": 5,}' });
    const snapshot = await store.load(ask);
    expect(snapshot.effective.settings).toEqual(DEFAULT_SETTINGS);
    expect(snapshot.user.status.kind).toBe("invalid");
    expect(snapshot.notices.map(noticeText)).toMatchInlineSnapshot(`
      [
        "askuser settings: /agent/askuser.json: not valid JSON (Expected double-quoted property name in JSON at position 25 (line 1 column 26)); comments and trailing commas are not allowed; it was left as it is, and until it is fixed the built-in defaults take its place",
      ]
    `);
  });

  it("reports an unreadable file", async () => {
    const { fs, store } = setup({ [USER]: "{}" });
    fs.fail(USER, "read", "EACCES");
    const snapshot = await store.load(ask);
    expect(snapshot.user.status).toEqual({
      kind: "unreadable",
      problem: `cannot be read (EACCES: read ${USER})`,
    });
    expect(snapshot.notices).toHaveLength(1);
    expect(fs.files.get(USER)).toBe("{}");
  });

  it("groups a partly invalid file's problems in one notice and keeps its valid settings", async () => {
    const { store } = setup({
      [USER]: JSON.stringify({ idleTimeoutMinutes: 2, notifications: { bell: "on", osc9: true } }),
    });
    const snapshot = await store.load(ask);
    expect(snapshot.effective.settings.idleTimeoutMinutes).toBe(2);
    expect(snapshot.effective.settings.notifications.osc9).toBe(true);
    expect(snapshot.notices.map(noticeText)).toMatchInlineSnapshot(`
      [
        "askuser settings: /agent/askuser.json: notifications.bell: expected true or false, got "on"",
      ]
    `);
  });

  it("reports each problem once while it lasts, and again after the file was clean in between", async () => {
    const { fs, store } = setup({ [USER]: "{oops" });
    expect((await store.load(ask)).notices).toHaveLength(1);
    expect((await store.load(ask)).notices).toHaveLength(0);
    fs.files.set(USER, '{"notifications": {"bell": 1}}');
    expect((await store.load(ask)).notices).toHaveLength(1);
    fs.files.set(USER, '{"notifications": {"bell": 1}, "idleTimeoutMinutes": 2}');
    expect((await store.load(ask)).notices, "the same problem, still there").toHaveLength(0);
    fs.files.set(USER, "{}");
    expect((await store.load(ask)).notices).toHaveLength(0);
    fs.files.set(USER, "{oops");
    expect((await store.load(ask)).notices).toHaveLength(1);
  });
});

describe("SettingsStore: live reload and the project file", () => {
  it("sees an edit on the next load", async () => {
    const { fs, store } = setup({ [USER]: '{"idleTimeoutMinutes": 1}' });
    expect((await store.load(ask)).effective.settings.idleTimeoutMinutes).toBe(1);
    fs.files.set(USER, '{"idleTimeoutMinutes": 3}');
    expect((await store.load(ask)).effective.settings.idleTimeoutMinutes).toBe(3);
    fs.files.delete(USER);
    expect((await store.load({ createUserFile: false })).effective.settings).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it("reads the project file only when given one, and lets it override the user file", async () => {
    const { store } = setup({
      [USER]: '{"idleTimeoutMinutes": 1, "notifications": {"bell": true}}',
      [PROJECT]: '{"idleTimeoutMinutes": 9}',
    });
    const untrusted = await store.load(ask);
    expect(untrusted.effective.settings.idleTimeoutMinutes).toBe(1);
    expect(untrusted.project).toBeUndefined();
    const trusted = await store.load({ ...ask, projectFile: PROJECT });
    expect(trusted.effective.settings.idleTimeoutMinutes).toBe(9);
    expect(trusted.effective.settings.notifications.bell).toBe(true);
    expect(trusted.effective.scalarSources.idleTimeoutMinutes).toBe("project");
    expect(trusted.project).toEqual({ path: PROJECT, status: { kind: "loaded", problems: [] } });
  });

  it("keeps the user settings when the project file is broken", async () => {
    const { store } = setup({ [USER]: '{"idleTimeoutMinutes": 1}', [PROJECT]: "nope" });
    const snapshot = await store.load({ ...ask, projectFile: PROJECT });
    expect(snapshot.effective.settings.idleTimeoutMinutes).toBe(1);
    expect(snapshot.notices.map((n) => n.file)).toEqual([PROJECT]);
    expect(snapshot.notices[0]?.lines[0]).toContain(
      "until it is fixed askuser uses the user settings",
    );
  });

  it("treats a missing project file as no settings, silently", async () => {
    const { store } = setup({ [USER]: "{}" });
    const snapshot = await store.load({ ...ask, projectFile: PROJECT });
    expect(snapshot.project).toEqual({ path: PROJECT, status: { kind: "missing" } });
    expect(snapshot.notices).toEqual([]);
  });
});

describe("SettingsStore: hostile file text", () => {
  it("never lets control characters from the file reach a notice", async () => {
    const unsafe = new RegExp(`[${UNSAFE_CHARACTER_CLASS}]`, "u");
    // JSON escapes: the parsed key and values really hold ESC, BEL, CSI and a bidi override.
    const escaped = String.raw`{"\u001b]0;owned\u0007": 1, "notifications": {"bell": "\u009b31m\u202e"}}`;
    // A raw control character: the JSON parser's message quotes the text around it.
    const raw = '{"x": \u001b[2J}';
    for (const text of [escaped, raw]) {
      const { store } = setup({ [USER]: text });
      const [notice] = (await store.load(ask)).notices;
      const lines = noticeText(notice!).split("\n");
      expect(lines).toHaveLength(text === escaped ? 3 : 1);
      for (const line of lines) expect(line).not.toMatch(unsafe);
    }
  });
});

describe("SettingsStore: the user file under Pi's file", () => {
  const XDG = "/home/me/.config/askuser/settings.json";
  function layered(files: Record<string, string>) {
    const fs = new MemoryFs();
    for (const [path, text] of Object.entries(files)) fs.files.set(path, text);
    return {
      fs,
      store: new SettingsStore({ fs, keymap: fakeKeymap, userFile: XDG, piFile: USER }),
    };
  }

  it("applies defaults < user file < Pi file < project file, setting by setting", async () => {
    const { store } = layered({
      [XDG]: '{"idleTimeoutMinutes": 1, "notifications": {"bell": true, "osc9": true}}',
      [USER]: '{"notifications": {"osc9": false, "osc777": true}, "idleTimeoutMinutes": 3}',
      [PROJECT]: '{"idleTimeoutMinutes": 9}',
    });
    const snapshot = await store.load({ ...ask, projectFile: PROJECT });
    const { settings, scalarSources } = snapshot.effective;
    expect([settings.idleTimeoutMinutes, scalarSources.idleTimeoutMinutes]).toEqual([9, "project"]);
    expect([settings.notifications.bell, scalarSources["notifications.bell"]]).toEqual([
      true,
      "user",
    ]);
    // false is osc9's default: in Pi's file it does not count, so the user file's true stands.
    expect([settings.notifications.osc9, scalarSources["notifications.osc9"]]).toEqual([
      true,
      "user",
    ]);
    expect([settings.notifications.osc777, scalarSources["notifications.osc777"]]).toEqual([
      true,
      "pi",
    ]);
    expect(snapshot.pi?.path).toBe(USER);
    expect(snapshot.user.path).toBe(XDG);
  });

  it("creates only Pi's file, never the user file, and the defaults written there hide nothing", async () => {
    const { fs, store } = layered({ [XDG]: '{"idleTimeoutMinutes": 2}' });
    const snapshot = await store.load(ask);
    expect(fs.files.get(USER)).toBe(defaultSettingsText());
    expect(snapshot.effective.settings.idleTimeoutMinutes).toBe(2);
    expect(snapshot.effective.scalarSources.idleTimeoutMinutes).toBe("user");
    expect(snapshot.notices.map((n) => n.file)).toEqual([USER]);

    const { fs: none, store: empty } = layered({});
    await empty.load(ask);
    expect(none.files.has(XDG)).toBe(false);
  });

  it("reports each broken file on its own, and a broken user file leaves Pi's file in force", async () => {
    const { store } = layered({ [XDG]: "{ nope", [USER]: '{"idleTimeoutMinutes": 4}' });
    const snapshot = await store.load(ask);
    expect(snapshot.effective.settings.idleTimeoutMinutes).toBe(4);
    expect(snapshot.notices.map((n) => n.file)).toEqual([XDG]);
    // Pi's file still applies over the defaults, so the notice must not say only defaults apply.
    expect(snapshot.notices[0]?.lines[0]).toContain("the built-in defaults take its place");
  });
});
