import { describe, expect, it } from "vitest";
import { parseSettingsFile } from "../../src/settings/parse-settings-file.ts";

const parse = (doc: unknown) => parseSettingsFile(JSON.stringify(doc));

describe("parseSettingsFile", () => {
  it("reads every setting of a valid file", () => {
    const result = parse({
      schemaVersion: 1,
      idleTimeoutMinutes: 1.5,
      notifications: {
        bell: true,
        osc9: false,
        osc777: true,
        command: 'notify-send "$ASKUSER_TITLE"',
        commandTimeoutSeconds: 3,
      },
      keys: { list: { moveDown: ["down", "j"] } },
    });
    expect(result).toEqual({
      usable: true,
      problems: [],
      layer: {
        scalars: {
          idleTimeoutMinutes: 1.5,
          "notifications.bell": true,
          "notifications.osc9": false,
          "notifications.osc777": true,
          "notifications.command": 'notify-send "$ASKUSER_TITLE"',
          "notifications.commandTimeoutSeconds": 3,
        },
        keys: { list: { moveDown: ["down", "j"] } },
      },
    });
  });

  it.each([
    [" alt+y ", { scalars: { answerKey: "alt+y" } }, []],
    ["", { scalars: { answerKey: "" } }, []],
    [
      ["alt+y"],
      { scalars: {} },
      ['answerKey: expected a key name like "alt+a" ("" for none), got a list (["alt+y"])'],
    ],
  ])("reads answerKey %j", (answerKey, layer, problems) => {
    const result = parse({ answerKey });
    expect(result.layer.scalars).toEqual(layer.scalars);
    expect(result.problems).toEqual(problems);
  });

  it("sets nothing for an empty object", () => {
    expect(parse({})).toEqual({ usable: true, problems: [], layer: { scalars: {}, keys: {} } });
  });

  it.each([
    ["not JSON", '{"idleTimeoutMinutes": 5,}'],
    ["a comment", '// my settings\n{"idleTimeoutMinutes": 5}'],
    ["empty", "  \n"],
  ])("rejects a file that is %s as a whole, with one problem", (_name, text) => {
    const result = parseSettingsFile(text);
    expect(result.usable).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.layer).toEqual({ scalars: {}, keys: {} });
  });

  it("names the JSON error and where it is", () => {
    expect(parseSettingsFile('{\n  "idleTimeoutMinutes": 5,\n}').problems).toMatchInlineSnapshot(`
      [
        "not valid JSON (Expected double-quoted property name in JSON at position 29 (line 3 column 1)); comments and trailing commas are not allowed",
      ]
    `);
    expect(parseSettingsFile("").problems).toMatchInlineSnapshot(`
      [
        "the file is empty; write {} for no settings, or delete it to get a fresh one",
      ]
    `);
    expect(parseSettingsFile("[1]").problems).toMatchInlineSnapshot(`
      [
        "expected a JSON object like {"schemaVersion": 1}, got a list ([1])",
      ]
    `);
  });

  it("accepts a byte order mark", () => {
    expect(parseSettingsFile('\uFEFF{"idleTimeoutMinutes": 2}').layer.scalars).toEqual({
      idleTimeoutMinutes: 2,
    });
  });

  it("keeps the valid settings of a partly invalid file and reports each bad one once", () => {
    const result = parse({
      schemaVersion: 1,
      idleTimeoutMinutes: "5",
      notifications: { bell: "yes", osc9: true, command: 42, commandTimeoutSeconds: 0, sound: 1 },
      keys: { list: { moveDown: "j" }, editor: { saveDraft: ["ctrl+s"] } },
      idleTimeout: 5,
      "// comment": "ignored",
      $schema: "./askuser.schema.json",
    });
    expect(result.usable).toBe(true);
    expect(result.layer).toEqual({
      scalars: { "notifications.osc9": true },
      keys: { editor: { saveDraft: ["ctrl+s"] } },
    });
    expect(result.problems).toMatchInlineSnapshot(`
      [
        "idleTimeout: unknown setting, ignored; known settings here: schemaVersion, idleTimeoutMinutes, notifications, keys, answerKey, inputGuardMs, remote, presentSingleAsMulti, answer",
        "idleTimeoutMinutes: expected a number of minutes like 5 (0 turns the timeout off), got "5"",
        "notifications.sound: unknown setting, ignored; known settings here: notifications.bell, notifications.osc9, notifications.osc777, notifications.command, notifications.commandTimeoutSeconds",
        "notifications.bell: expected true or false, got "yes"",
        "notifications.command: expected a shell command as a string like "notify-send \\"$ASKUSER_TITLE\\"" ("" for none), got number 42",
        "notifications.commandTimeoutSeconds: expected a number of seconds like 10, got 0",
        "keys.list: moveDown expects a list of key names like ["down", "j"], got "j"; the default keys of "list" are used",
      ]
    `);
  });

  it("lowers values above their limit to the limit, and says so", () => {
    const result = parse({
      idleTimeoutMinutes: 600,
      notifications: { commandTimeoutSeconds: 3600 },
      inputGuardMs: 60000,
    });
    expect(result.layer.scalars).toEqual({
      idleTimeoutMinutes: 120,
      "notifications.commandTimeoutSeconds": 60,
      inputGuardMs: 5000,
    });
    expect(result.problems).toMatchInlineSnapshot(`
      [
        "idleTimeoutMinutes: 600 is above the limit of 120; 120 is used",
        "inputGuardMs: 60000 is above the limit of 5000; 5000 is used",
        "notifications.commandTimeoutSeconds: 3600 is above the limit of 60; 60 is used",
      ]
    `);
  });

  it.each([
    ["a negative timeout", { idleTimeoutMinutes: -1 }],
    ["a timeout that is not a number", { idleTimeoutMinutes: null }],
    ["a negative input guard", { inputGuardMs: -600 }],
    ["an input guard that is not a number", { inputGuardMs: "600" }],
    ["notifications that are not an object", { notifications: true }],
    ["keys that are not an object", { keys: ["j"] }],
    ["a context that is not an object", { keys: { list: 1 } }],
  ])("drops %s with one problem", (_name, doc) => {
    const result = parse(doc);
    expect(result.usable).toBe(true);
    expect(result.layer).toEqual({ scalars: {}, keys: {} });
    expect(result.problems).toHaveLength(1);
  });

  it("keeps the known settings of a file from a newer askuser", () => {
    const result = parse({ schemaVersion: 2, idleTimeoutMinutes: 4, futureThing: {} });
    expect(result.layer.scalars).toEqual({ idleTimeoutMinutes: 4 });
    expect(result.problems[0]).toContain("written by a newer askuser");
  });

  it("says when a name is given twice, as JSON keeps only the last silently", () => {
    const result = parseSettingsFile(
      '{"idleTimeoutMinutes": 1, "notifications": {"bell": true}, "idleTimeoutMinutes": 2}',
    );
    expect(result.usable).toBe(true);
    expect(result.layer.scalars).toEqual({ idleTimeoutMinutes: 2, "notifications.bell": true });
    expect(result.problems).toEqual([
      '"idleTimeoutMinutes" is given twice at the top level; the last one is used, so write each name once',
    ]);
  });
});
