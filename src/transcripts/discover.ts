import { readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { agentDirFromEnv } from "../settings/paths.ts";
import type { Agent, ReadProblem } from "./model.ts";
import { kindOf, NotRegularFileError } from "./scan/open-file.ts";

/** A folder of session logs, and where its path came from (a flag, a variable, or the default). */
export interface SessionRoot {
  readonly agent: Agent;
  readonly path: string;
  readonly origin: string;
}

/** Our own variables, which win over each agent's own. */
export const ROOT_VARIABLES: Readonly<Record<Agent, string>> = {
  "claude-code": "ASKUSER_CLAUDE_DIR",
  pi: "ASKUSER_PI_DIR",
  codex: "ASKUSER_CODEX_DIR",
};

/**
 * The three default locations, each overridable: our variable first, then the agent's own
 * (`CLAUDE_CONFIG_DIR`; `PI_CODING_AGENT_SESSION_DIR`, `PI_CODING_AGENT_DIR`; `CODEX_HOME`).
 * `PI_CODING_AGENT_DIR` is read by the same rule as the settings read it (a leading `~` is the
 * home folder), so both find the same agent folder.
 */
export function defaultRoots(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): SessionRoot[] {
  const pick = (agent: Agent, fallbacks: [string, () => string][], path: () => string) => {
    const own = ROOT_VARIABLES[agent];
    const ownValue = env[own];
    if (ownValue) return { agent, path: ownValue, origin: own };
    for (const [name, derive] of fallbacks) {
      if (env[name]) return { agent, path: derive(), origin: name };
    }
    return { agent, path: path(), origin: "default" };
  };
  return [
    pick(
      "claude-code",
      [["CLAUDE_CONFIG_DIR", () => join(env.CLAUDE_CONFIG_DIR ?? "", "projects")]],
      () => join(home, ".claude", "projects"),
    ),
    pick(
      "pi",
      [
        ["PI_CODING_AGENT_SESSION_DIR", () => env.PI_CODING_AGENT_SESSION_DIR ?? ""],
        ["PI_CODING_AGENT_DIR", () => join(agentDirFromEnv(env, home), "sessions")],
      ],
      () => join(home, ".pi", "agent", "sessions"),
    ),
    pick("codex", [["CODEX_HOME", () => join(env.CODEX_HOME ?? "", "sessions")]], () =>
      join(home, ".codex", "sessions"),
    ),
  ];
}

export interface FoundFile {
  readonly path: string;
  /** Known from the root it was found under; otherwise told from the file's first line. */
  readonly agent: Agent | undefined;
  /**
   * Last modification, in epoch milliseconds, when the walk learnt it: regular files found in a
   * folder are not stat-ed one by one (readers take the time when they open the file).
   */
  readonly modified?: number;
}

/** Folders read at the same time while walking. */
const FOLDERS_AT_ONCE = 32;

/** Whether a file name is a session log of `agent` (any agent's when undefined). */
export function isSessionFileName(name: string, agent: Agent | undefined): boolean {
  if (!name.endsWith(".jsonl")) return false;
  // Claude Code workflow journals are event logs, not transcripts.
  if (name === "journal.jsonl") return false;
  return agent === "codex" ? name.startsWith("rollout-") : true;
}

/**
 * The session files under a file or folder, sorted by path. Folders are walked recursively
 * (symbolic links followed once); what cannot be read is added to `problems` and passed over.
 * A path that does not exist is a problem only when `mustExist` (a path the user named).
 */
export async function findSessionFiles(
  path: string,
  agent: Agent | undefined,
  problems: ReadProblem[],
  mustExist: boolean,
): Promise<FoundFile[]> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    if (mustExist || errorCode(error) !== "ENOENT") problems.push(problemOf(path, error));
    return [];
  }
  if (info.isFile()) return [{ path, agent, modified: info.mtimeMs }];
  if (!info.isDirectory()) {
    problems.push(problemOf(path, new NotRegularFileError(kindOf(info))));
    return [];
  }
  const found: FoundFile[] = [];
  const seen = new Set<string>();
  let pending: { path: string; real: string | undefined }[] = [{ path, real: undefined }];
  const walk = async (folder: { path: string; real: string | undefined }): Promise<void> => {
    try {
      const real = folder.real ?? (await realpath(folder.path));
      if (seen.has(real)) return;
      seen.add(real);
      const entries = await readdir(folder.path, { withFileTypes: true });
      for (const entry of entries) {
        const child = join(folder.path, entry.name);
        // A plain folder's real path follows from its parent's: only links need resolving.
        if (entry.isDirectory()) {
          pending.push({ path: child, real: join(real, entry.name) });
          continue;
        }
        const named = isSessionFileName(entry.name, agent);
        if (entry.isFile()) {
          if (named) found.push({ path: child, agent });
        } else if (entry.isSymbolicLink()) {
          const target = await statOrProblem(child, problems);
          if (target?.isDirectory()) pending.push({ path: child, real: undefined });
          else if (target && named) {
            if (target.isFile()) found.push({ path: child, agent, modified: target.mtimeMs });
            else problems.push(problemOf(child, new NotRegularFileError(kindOf(target))));
          }
        } else if (named) {
          // A FIFO or device under a session name is never read, but never passed over silently.
          problems.push(problemOf(child, new NotRegularFileError(kindOf(entry))));
        }
      }
    } catch (error) {
      problems.push(problemOf(folder.path, error));
    }
  };
  // Folders are read a bounded number at a time: one at a time leaves the disk idle between
  // calls, and a corpus of many small folders is mostly that wait.
  while (pending.length > 0) {
    const wave = pending;
    pending = [];
    for (let at = 0; at < wave.length; at += FOLDERS_AT_ONCE) {
      await Promise.all(wave.slice(at, at + FOLDERS_AT_ONCE).map(walk));
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function statOrProblem(path: string, problems: ReadProblem[]) {
  try {
    return await stat(path);
  } catch (error) {
    problems.push(problemOf(path, error));
    return undefined;
  }
}

export function problemOf(path: string, error: unknown): ReadProblem {
  const code = errorCode(error);
  const reason =
    code === "ENOENT"
      ? "no such file or folder"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : error instanceof Error
          ? error.message
          : String(error);
  return { path, message: reason };
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String((error as { code: unknown }).code)
    : undefined;
}
