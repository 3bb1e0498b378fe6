import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { lineDiff } from "../claude-code/line-diff.ts";
import {
  askuserHooks,
  type HookPlan,
  hasAskuserHooks,
  type SettingsEdit,
  withAskuserHooks,
  withoutAskuserHooks,
  withoutEmptyHooks,
} from "../claude-code/settings-hooks.ts";
import { errorMessage, isRecord } from "../core/index.ts";
import { packageRoot } from "../remote/package-root.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import type { CommandIo } from "./io.ts";
import { parseOptions } from "./parse-options.ts";
import { SETUP_HELP } from "./setup-help.ts";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `askuser setup claude-code`: adds askuser's hooks to a Claude Code settings file, or takes them
 * out, showing the change. Running it again changes nothing; `--remove` puts back the file as it
 * was before the first setup, byte for byte, when nothing else in it changed since.
 */
export async function setupCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    project: { type: "string" },
    "route-away": { type: "boolean", default: false },
    remove: { type: "boolean", default: false },
    print: { type: "boolean", default: false },
    "defer-after": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  });
  if (values.help) {
    io.stdout.write(SETUP_HELP);
    return EXIT.answered;
  }
  if (positionals[0] !== "claude-code" || positionals.length > 1) {
    throw new UsageError(
      `askuser setup takes one target, claude-code (received ${positionals.length === 0 ? "none" : positionals.join(" ")}); run askuser setup --help`,
    );
  }
  if (values.print && values.remove) {
    throw new UsageError("--print and --remove are two commands: use one of them");
  }
  const plan: HookPlan = {
    askuser: askuserCommand(io.env),
    routeAway: values["route-away"],
    ...(values["defer-after"] === undefined ? {} : { deferAfter: seconds(values["defer-after"]) }),
  };
  if (values.print) {
    io.stdout.write(`${JSON.stringify({ hooks: askuserHooks(plan) }, null, 2)}\n`);
    return EXIT.answered;
  }
  const cwd = io.cwd ?? process.cwd();
  const home = io.env.HOME || homedir();
  const path =
    values.project === undefined
      ? join(home, ".claude", "settings.json")
      : join(resolve(cwd, values.project), ".claude", "settings.json");
  const before = await readIfPresent(path);
  const parsed = before === undefined ? {} : parseSettings(before, path);
  const edit = values.remove ? withoutAskuserHooks(parsed) : withAskuserHooks(parsed, plan);
  const settings = checkedEdit(edit, path);
  const backup = backupPath(io.env, home, path);
  const after = values.remove
    ? await restoredText(backup, settings, before)
    : serialise(settings, before ?? "");
  if (after === before) {
    io.stdout.write(`${path}: nothing to change\n`);
    if (values.remove) await rm(backup, { force: true });
    return EXIT.answered;
  }
  if (!values.remove && !(await readIfPresent(backup))) {
    await mkdir(dirname(backup), { recursive: true, mode: 0o700 });
    await writeFile(backup, JSON.stringify({ path, text: before ?? null }), { mode: 0o600 });
  }
  if (after === undefined) await rm(path);
  else {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, after);
  }
  if (values.remove) await rm(backup, { force: true });
  io.stdout.write(`${path}:\n${lineDiff(before ?? "", after ?? "").join("\n")}\n`);
  if (after === undefined) io.stdout.write("(removed: the file did not exist before setup)\n");
  return EXIT.answered;
}

function seconds(text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value) || value < 0) {
    throw new UsageError(
      `--defer-after takes a whole number of seconds, 0 or more (received ${text})`,
    );
  }
  return value;
}

function parseSettings(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(
      `${path} is not valid JSON (${errorMessage(error)}); fix it (Claude Code cannot read it either) and run this again. Nothing was changed.`,
    );
  }
}

function checkedEdit(edit: SettingsEdit, path: string): Record<string, unknown> {
  if (!edit.ok)
    throw new InputError(
      `${path}: ${edit.problem}; fix it and run this again. Nothing was changed.`,
    );
  return edit.settings;
}

/**
 * The text `--remove` writes: the file as it was before setup when taking the hooks out gives
 * back exactly what it held (undefined: it did not exist), else the edited settings.
 */
async function restoredText(
  backup: string,
  settings: Record<string, unknown>,
  current: string | undefined,
): Promise<string | undefined> {
  const saved = await readIfPresent(backup);
  let original: unknown;
  try {
    original = saved === undefined ? undefined : JSON.parse(saved);
  } catch {
    original = undefined;
  }
  if (isRecord(original) && (typeof original.text === "string" || original.text === null)) {
    const text = original.text;
    const before = text === null ? {} : safeParse(text);
    // Compared as Claude Code reads them: taking the hooks out empties lists the file never had.
    const same =
      isRecord(before) &&
      !hasAskuserHooks(before) &&
      JSON.stringify(withoutEmptyHooks(before)) === JSON.stringify(withoutEmptyHooks(settings));
    if (same) return text ?? undefined;
  }
  return serialise(settings, current ?? "");
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON in the file's own indentation (two spaces by default), ending as the file did. */
function serialise(settings: Record<string, unknown>, like: string): string {
  const indent = /^([ \t]+)\S/mu.exec(like)?.[1] ?? "  ";
  const ending = like === "" || like.endsWith("\n") ? "\n" : "";
  return `${JSON.stringify(settings, null, indent)}${ending}`;
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Where the file as it was before setup is kept, outside the project (never committed). */
function backupPath(env: Env, home: string, settingsPath: string): string {
  const state =
    env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)
      ? env.XDG_STATE_HOME
      : join(home, ".local", "state");
  const key = createHash("sha256").update(settingsPath).digest("hex").slice(0, 24);
  return join(state, "askuser", "claude-code-settings", `${key}.json`);
}

/**
 * How Claude Code runs this askuser: `askuser` when that name on PATH is this very program, else
 * this Node and this script by absolute path (a checkout, npx).
 */
function askuserCommand(env: Env): string {
  const script = safeRealpath(join(packageRoot(), "bin", "askuser.js"));
  if (!script) return "askuser";
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && safeRealpath(join(dir, "askuser")) === script) return "askuser";
  }
  return `${quote(process.execPath)} ${quote(script)}`;
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}
