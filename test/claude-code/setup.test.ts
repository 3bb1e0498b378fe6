import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";

function home(): { env: Record<string, string>; settings: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "askuser-setup-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    env: { HOME: dir, NO_COLOR: "1", PATH: "" },
    settings: join(dir, ".claude", "settings.json"),
  };
}

const setup = (env: Record<string, string>, ...args: string[]) =>
  runInProcess(["setup", "claude-code", ...args], { env });

describe("askuser setup claude-code", () => {
  it("adds the hooks, shows the change, and changes nothing the second time", async () => {
    const { env, settings } = home();
    mkdirSync(join(env.HOME as string, ".claude"));
    const original =
      '{\n    "model": "opus",\n    "hooks": {\n        "Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]\n    }\n}\n';
    writeFileSync(settings, original);
    const first = await setup(env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^\+ +"matcher": "AskUserQuestion",$/mu);
    const written = JSON.parse(readFileSync(settings, "utf8"));
    expect(Object.keys(written.hooks)).toEqual([
      "Stop",
      "PreToolUse",
      "PermissionRequest",
      "PostToolUse",
    ]);
    expect(written.hooks.PermissionRequest[0].hooks[0].command).toMatch(
      /askuser\.js claude-code PermissionRequest$/u,
    );
    expect(written.model).toBe("opus");
    expect(readFileSync(settings, "utf8")).toMatch(/^ {4}"model"/mu);
    const bytes = readFileSync(settings);
    const second = await setup(env);
    expect(second.stdout).toBe(`${settings}: nothing to change\n`);
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    const removed = await setup(env, "--remove");
    expect(removed.code).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(original);
  });

  it.each([
    ["an empty hooks object", '{\n  "hooks": {}\n}\n'],
    ["an event with an empty list", '{"hooks": {"Stop": []}}'],
    ["the hooks key twice", '{"hooks": {"PreToolUse": []}, "hooks": {"Stop": []}}\n'],
    ["Windows line endings", '{\r\n  "model": "opus"\r\n}\r\n'],
  ])("--remove gives back a file with %s byte for byte", async (_, original) => {
    const { env, settings } = home();
    mkdirSync(join(env.HOME as string, ".claude"));
    writeFileSync(settings, original);
    expect((await setup(env)).code).toBe(0);
    expect((await setup(env, "--remove")).code).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(original);
  });

  it("--remove without the saved copy keeps the user's own empty lists", async () => {
    const { env, settings } = home();
    mkdirSync(join(env.HOME as string, ".claude"));
    writeFileSync(settings, '{"hooks": {"Notification": []}}');
    await setup(env);
    rmSync(join(env.HOME as string, ".local"), { recursive: true, force: true });
    await setup(env, "--remove");
    expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual({ hooks: { Notification: [] } });
  });

  it("--remove deletes a file setup created", async () => {
    const { env, settings } = home();
    await setup(env);
    expect(existsSync(settings)).toBe(true);
    const removed = await setup(env, "--remove");
    expect(removed.stdout).toContain("(removed: the file did not exist before setup)");
    expect(existsSync(settings)).toBe(false);
  });

  it("--remove keeps what the user changed since, and takes only askuser's hooks out", async () => {
    const { env, settings } = home();
    await setup(env);
    const edited = JSON.parse(readFileSync(settings, "utf8"));
    edited.theme = "dark";
    writeFileSync(settings, `${JSON.stringify(edited, null, 2)}\n`);
    await setup(env, "--remove");
    expect(readFileSync(settings, "utf8")).toBe('{\n  "theme": "dark"\n}\n');
  });

  it("--route-away holds the dialog back and says where to answer", async () => {
    const { env, settings } = home();
    await setup(env, "--route-away");
    const hook = JSON.parse(readFileSync(settings, "utf8")).hooks.PreToolUse[0].hooks[0];
    expect(hook.command).toMatch(/claude-code PreToolUse --route-away$/u);
    expect(hook.statusMessage).toBe("Answer on the askuser page (or run: askuser answer)");
    // Switching back replaces the hook instead of adding a second one.
    await setup(env);
    const hooks = JSON.parse(readFileSync(settings, "utf8")).hooks.PreToolUse;
    expect(hooks).toHaveLength(1);
    expect(hooks[0].hooks[0].statusMessage).toBeUndefined();
  });

  it("--project edits that project's .claude/settings.json", async () => {
    const { env, dir } = home();
    const result = await runInProcess(["setup", "claude-code", "--project", "proj"], {
      env,
      cwd: dir,
    });
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, "proj", ".claude", "settings.json"))).toBe(true);
  });

  it("--print prints the hooks and touches nothing", async () => {
    const { env, settings } = home();
    const result = await setup(env, "--print");
    expect(Object.keys(JSON.parse(result.stdout).hooks)).toEqual([
      "PreToolUse",
      "PermissionRequest",
      "PostToolUse",
      "Stop",
    ]);
    expect(existsSync(settings)).toBe(false);
  });

  it.each([
    [
      "not JSON",
      "{ // a comment\n}",
      /settings\.json is not valid JSON \(.*\); fix it \(Claude Code cannot read it either\) and run this again\. Nothing was changed\./u,
    ],
    [
      "hooks not an object",
      '{"hooks": []}',
      /"hooks" must be an object of event names to lists \(received \[\]\)/u,
    ],
    [
      "an event not a list",
      '{"hooks": {"PreToolUse": {}}}',
      /"hooks\.PreToolUse" must be a list of matcher groups/u,
    ],
  ])("refuses a settings file that is %s, and changes nothing", async (_, text, message) => {
    const { env, settings } = home();
    mkdirSync(join(env.HOME as string, ".claude"));
    writeFileSync(settings, text);
    const result = await setup(env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(readFileSync(settings, "utf8")).toBe(text);
  });

  it("says what is wrong with the command line", async () => {
    const { env } = home();
    expect((await runInProcess(["setup"], { env })).stderr).toContain(
      "askuser setup takes one target, claude-code (received none)",
    );
    expect((await setup(env, "--print", "--remove")).stderr).toContain(
      "--print and --remove are two commands",
    );
  });
});
