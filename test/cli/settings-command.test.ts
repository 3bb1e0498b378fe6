import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { settingsForAsk } from "../../src/cli/user-settings.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { runInProcess } from "../support/in-process-cli.ts";

// What terminals act on or reorder, written here rather than imported from the code under test.
const UNSAFE_CHARS = String.raw`\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, "u");

const dir = mkdtempSync(join(tmpdir(), "askuser-settings-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let runs = 0;

/** A fresh home with an XDG config dir and a Pi agent dir, and the files given. */
function place(files: { user?: string; pi?: string }) {
  const root = join(dir, `run-${runs++}`);
  const env = { XDG_CONFIG_HOME: join(root, "xdg"), PI_CODING_AGENT_DIR: join(root, "agent") };
  const userFile = join(env.XDG_CONFIG_HOME, "askuser", "settings.json");
  const piFile = join(env.PI_CODING_AGENT_DIR, "askuser.json");
  mkdirSync(join(env.XDG_CONFIG_HOME, "askuser"), { recursive: true });
  mkdirSync(env.PI_CODING_AGENT_DIR, { recursive: true });
  if (files.user !== undefined) writeFileSync(userFile, files.user);
  if (files.pi !== undefined) writeFileSync(piFile, files.pi);
  return { root, env, userFile, piFile };
}

async function run(args: string[], env: Record<string, string>, cwd = dir) {
  return runInProcess(args, { env, cwd });
}

describe("askuser settings", () => {
  it("shows the input guard the environment sets, since it wins over every file", async () => {
    const p = place({ user: JSON.stringify({ inputGuardMs: 100 }) });
    const env = { ...p.env, ASKUSER_INPUT_GUARD_MS: "250" };
    const text = await run(["settings"], env);
    expect(text.stdout).toMatch(/^inputGuardMs +250 +environment +ASKUSER_INPUT_GUARD_MS$/mu);
    const pi = await run(["settings", "--pi"], env);
    expect(pi.stdout).toMatch(/^inputGuardMs +250 +environment +ASKUSER_INPUT_GUARD_MS$/mu);
    const json = JSON.parse((await run(["settings", "--json"], env)).stdout);
    expect(json.settings).toContainEqual({
      name: "inputGuardMs",
      value: 250,
      source: "environment",
      variable: "ASKUSER_INPUT_GUARD_MS",
    });
    // A value the guard cannot take: askuser ask uses the default, Pi the files' value; both said.
    const badEnv = { ...p.env, ASKUSER_INPUT_GUARD_MS: "soon" };
    const bad = await run(["settings"], badEnv);
    expect(bad.stdout).toMatch(/^inputGuardMs +600 +default$/mu);
    expect(bad.stdout).toContain('environment: ASKUSER_INPUT_GUARD_MS="soon" (ignored)\n  - ');
    const badPi = await run(["settings", "--pi"], badEnv);
    expect(badPi.stdout).toMatch(/^inputGuardMs +100 +user /mu);
    expect(badPi.stdout).toContain('environment: ASKUSER_INPUT_GUARD_MS="soon" (ignored)');
  });

  it("says which settings only Pi uses, where askuser ask would not", async () => {
    const p = place({});
    const text = (await run(["settings"], p.env)).stdout;
    for (const name of ["answerKey", "answer.model", "answer.timeoutSeconds"]) {
      expect(text).toMatch(
        new RegExp(`^${name.replace(".", "\\.")} .*default  \\(Pi only\\)$`, "mu"),
      );
    }
    for (const name of ["idleTimeoutMinutes", "inputGuardMs", "remote", "presentSingleAsMulti"]) {
      expect(text).not.toMatch(new RegExp(`^${name} .*Pi only`, "mu"));
    }
    expect(text).toContain("(Pi only): read by the Pi extension; askuser ask ignores it");
    // Under --pi every row applies, so none is marked.
    expect((await run(["settings", "--pi"], p.env)).stdout).not.toContain("Pi only");
    const json = JSON.parse((await run(["settings", "--json"], p.env)).stdout);
    expect(json.settings).toContainEqual(
      expect.objectContaining({ name: "answer.model", piOnly: true }),
    );
    expect(json.settings).toContainEqual(
      expect.not.objectContaining({ name: "remote", piOnly: true }),
    );
  });

  it("lists every value with where it came from", async () => {
    const p = place({
      user: JSON.stringify({
        idleTimeoutMinutes: 5,
        // Equal to its default: shown as the default, as in /askuser.
        notifications: { command: "notify-send hi", bell: false },
        keys: { list: { moveDown: ["down", "n"] } },
      }),
    });
    const result = await run(["settings"], p.env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.replaceAll(p.root, "<root>")).toMatchInlineSnapshot(`
      "user file: <root>/xdg/askuser/settings.json (read)

      idleTimeoutMinutes                   5                          user  <root>/xdg/askuser/settings.json
      notifications.bell                   false                      default
      notifications.osc9                   false                      default
      notifications.osc777                 false                      default
      notifications.command                "notify-send hi"           user  <root>/xdg/askuser/settings.json
      notifications.commandTimeoutSeconds  10                         default
      answerKey                            "alt+a"                    default  (Pi only)
      inputGuardMs                         600                        default
      remote                               false                      default
      presentSingleAsMulti                 false                      default
      answer.model                         ""                         default  (Pi only)
      answer.timeoutSeconds                30                         default  (Pi only)
      keys.list                            {"moveDown":["down","n"]}  user  <root>/xdg/askuser/settings.json

      (Pi only): read by the Pi extension; askuser ask ignores it (see --pi).
      "
    `);
  });

  it("with --pi layers Pi's file over the user file, where the defaults askuser wrote count as defaults", async () => {
    const written = { schemaVersion: 1, ...DEFAULT_SETTINGS };
    const p = place({
      user: JSON.stringify({ idleTimeoutMinutes: 5, notifications: { bell: true } }),
      pi: JSON.stringify({ ...written, notifications: { ...written.notifications, osc9: true } }),
    });
    const result = await run(["settings", "--pi", "--json"], p.env);
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as {
      files: { source: string; path: string; status: string; problems: string[] }[];
      settings: { name: string; value: unknown; source: string; file?: string }[];
    };
    expect(shown.files).toEqual([
      { source: "user", path: p.userFile, status: "loaded", problems: [] },
      { source: "pi", path: p.piFile, status: "loaded", problems: [] },
    ]);
    expect(shown.settings.slice(0, 4)).toEqual([
      { name: "idleTimeoutMinutes", value: 5, source: "user", file: p.userFile },
      { name: "notifications.bell", value: true, source: "user", file: p.userFile },
      { name: "notifications.osc9", value: true, source: "pi", file: p.piFile },
      { name: "notifications.osc777", value: false, source: "default" },
    ]);
  });

  it("with --project shows a project's file over both, as Pi uses it when it trusts the project", async () => {
    const p = place({
      user: JSON.stringify({ idleTimeoutMinutes: 5 }),
      pi: JSON.stringify({ notifications: { bell: true } }),
    });
    const project = join(p.root, "project");
    mkdirSync(join(project, ".pi"), { recursive: true });
    const projectFile = join(project, ".pi", "askuser.json");
    // Equal to its default, yet a project value: it overrides the user file's 5.
    writeFileSync(projectFile, JSON.stringify({ idleTimeoutMinutes: 0 }));
    const result = await run(["settings", "--project", "project", "--json"], p.env, p.root);
    const shown = JSON.parse(result.stdout) as {
      files: { source: string; path: string }[];
      settings: { name: string; value: unknown; source: string; file?: string }[];
    };
    expect(shown.files.map((f) => [f.source, f.path])).toEqual([
      ["user", p.userFile],
      ["pi", p.piFile],
      ["project", projectFile],
    ]);
    expect(shown.settings.slice(0, 2)).toEqual([
      { name: "idleTimeoutMinutes", value: 0, source: "project", file: projectFile },
      { name: "notifications.bell", value: true, source: "pi", file: p.piFile },
    ]);
  });

  it("reports a broken file with its problems, reads what it can, and never writes", async () => {
    const text = '{"idleTimeoutMinutes": "5", "notifications": {"bel": true}}';
    const p = place({ user: text });
    const result = await run(["settings"], p.env);
    expect(result.code).toBe(0);
    expect(
      result.stdout.replaceAll(p.root, "<root>").split("\n").slice(0, 4),
    ).toMatchInlineSnapshot(`
      [
        "user file: <root>/xdg/askuser/settings.json (read)",
        "  - idleTimeoutMinutes: expected a number of minutes like 5 (0 turns the timeout off), got "5"",
        "  - notifications.bel: unknown setting, ignored; known settings here: notifications.bell, notifications.osc9, notifications.osc777, notifications.command, notifications.commandTimeoutSeconds",
        "",
      ]
    `);
    expect(readFileSync(p.userFile, "utf8")).toBe(text);
  });

  it("says when there is no file, and creates none", async () => {
    const p = place({});
    const result = await run(["settings", "--json"], p.env);
    expect(JSON.parse(result.stdout).files).toEqual([
      { source: "user", path: p.userFile, status: "missing", problems: [] },
    ]);
    expect(() => readFileSync(p.userFile)).toThrow(/ENOENT/u);
  });

  it("prints the file it reads: ASKUSER_CONFIG, else the XDG location", async () => {
    const p = place({});
    expect((await run(["settings", "path"], p.env)).stdout).toBe(`${p.userFile}\n`);
    const named = await run(["settings", "path"], { ...p.env, ASKUSER_CONFIG: "my.json" }, "/w");
    expect(named.stdout).toBe("/w/my.json\n");
  });

  it("never prints the file's control characters raw, and its JSON reads back the same", async () => {
    const command = "a\u009b31mb\u202e\u001b[2J";
    const p = place({ user: JSON.stringify({ notifications: { command } }) });
    const text = await run(["settings"], p.env);
    expect(text.stdout.replaceAll("\n", "")).not.toMatch(UNSAFE);
    expect(text.stdout).toContain('"a\\u009b31mb\\u202e\\u001b[2J"');
    const json = await run(["settings", "--json"], p.env);
    expect(json.stdout.replaceAll("\n", "")).not.toMatch(UNSAFE);
    const parsed = JSON.parse(json.stdout) as { settings: { name: string; value: unknown }[] };
    expect(parsed.settings.find((s) => s.name === "notifications.command")?.value).toBe(command);
  });

  it("reads a file nested far too deep as unusable, never as a crash", async () => {
    for (const user of [
      `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
      `{"keys":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`,
    ]) {
      const p = place({ user });
      for (const args of [["settings"], ["settings", "--json"]]) {
        const result = await run(args, p.env);
        expect(result.stderr).toBe("");
        expect(result.code).toBe(0);
        expect(result.stdout).toContain("nested more than 32 levels deep");
      }
    }
  });

  it("treats contexts named like Object's own properties as unknown contexts", async () => {
    const p = place({
      user: '{"keys": {"constructor": {"a": ["b"]}, "__proto__": {"x": ["y"]}, "toString": {}, "list": {"moveDown": ["down", "n"]}}}',
    });
    const result = await run(["settings"], p.env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    for (const context of ["constructor", "__proto__", "toString"]) {
      expect(result.stdout).toContain(`keys: unknown context "${context}"`);
    }
    expect(result.stdout).toMatch(/keys\.list +\{"moveDown":\["down","n"\]\} +user/u);
  });

  it("prints a very long value once, without padding every other row to its width", async () => {
    const command = "x".repeat(100_000);
    const p = place({ user: JSON.stringify({ notifications: { command } }) });
    const result = await run(["settings"], p.env);
    expect(result.stdout).toContain(`"${command}"`);
    expect(result.stdout.length).toBeLessThan(command.length + 3_000);
    expect(result.stdout).toMatch(/^idleTimeoutMinutes {2,40}0 +default$/mu);
  });

  it("rejects unknown words and flags with a usage error", async () => {
    const p = place({});
    const word = await run(["settings", "show"], p.env);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain(
      'use "askuser settings [--json] [--pi] [--project <dir>]" or "askuser settings path"',
    );
    expect((await run(["settings", "--bogus"], p.env)).code).toBe(2);
  });
});

describe("the settings of askuser ask", () => {
  it("never break an ask: a broken file is one safe line on stderr, and the defaults apply", async () => {
    const p = place({ user: '{"idleTimeoutMinutes": 1,, "\u001b[2J": 1}' });
    let stderr = "";
    const settings = await settingsForAsk(
      { env: p.env, cwd: dir },
      { write: (t) => (stderr += t) },
    );
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(stderr.split("\n")).toHaveLength(2);
    expect(stderr).toMatch(/^askuser settings: .*settings\.json: not valid JSON/u);
    expect(stderr).not.toContain("\u001b");
  });

  it("tell a file's first problems and how many more, so a file of typos cannot flood stderr", async () => {
    const typos = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`typo${i}`, 0]));
    const p = place({ user: JSON.stringify({ ...typos, idleTimeoutMinutes: 2 }) });
    let stderr = "";
    const settings = await settingsForAsk(
      { env: p.env, cwd: dir },
      { write: (t) => (stderr += t) },
    );
    expect(settings.idleTimeoutMinutes).toBe(2);
    expect(stderr.length).toBeLessThan(5_000);
    expect(stderr).toContain("typo0: unknown setting");
    expect(stderr).toContain("and 4990 more problems; fix these first");
    const listed = await run(["settings"], p.env);
    expect(listed.stdout.length).toBeLessThan(5_000);
    expect(listed.stdout).toContain("and 4990 more problems");
  });

  it("are never read from a FIFO or a device, which could hang the ask", async () => {
    const p = place({});
    const fifo = join(p.root, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    let stderr = "";
    const settings = await settingsForAsk(
      { env: { ...p.env, ASKUSER_CONFIG: fifo }, cwd: dir },
      { write: (t) => (stderr += t) },
    );
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(stderr).toContain("fifo.json is not a regular file");
  });
});
