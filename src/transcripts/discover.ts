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

const NO_NAMES = Buffer.alloc(0);

/**
 * Folders read at the same time while walking: twice the thread pool's four threads keeps them
 * busy. More left the entries of dozens of folders alive at once, which survived young-generation
 * collections, and V8 answers bytes that survive by growing that generation: at 32, about 20 MB
 * more peak memory over 100,000 small files, for no gain in CPU.
 */
const FOLDERS_AT_ONCE = 8;

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
  return [...(await walkSessionFiles(path, agent, problems, mustExist))];
}

/** A folder as walked: its session files' names and its subfolders, each held once. */
interface WalkedFolder {
  readonly path: string;
  /**
   * Names of regular files, sorted and joined by slashes (no name holds one), as UTF-8 outside
   * the JavaScript heap: one buffer per folder, not a string per file. Held as strings, every
   * folder's names survived young-generation collections until read, and so, when read, did the
   * folder's array of names: V8 answers bytes that survive by growing that generation.
   */
  names: Buffer;
  /** Links to files, with their FoundFile (the walk stat-ed them). */
  readonly links: Array<{ readonly name: string; readonly found: FoundFile }>;
  readonly folders: Array<{ readonly name: string; readonly folder: WalkedFolder }>;
}

/**
 * findSessionFiles' files, given one at a time in the same order: a folder holds its files'
 * names, not a path and an object per file, so 100,000 files cost their names.
 */
export async function walkSessionFiles(
  path: string,
  agent: Agent | undefined,
  problems: ReadProblem[],
  mustExist: boolean,
): Promise<Iterable<FoundFile>> {
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
  const top: WalkedFolder = { path, names: NO_NAMES, links: [], folders: [] };
  const seen = new Set<string>();
  type Pending = { folder: WalkedFolder; real: string | undefined };
  let pending: Pending[] = [{ folder: top, real: undefined }];
  const walk = async ({ folder, real: known }: Pending): Promise<void> => {
    const sub = (name: string, real: string | undefined): void => {
      const child: WalkedFolder = {
        path: join(folder.path, name),
        names: NO_NAMES,
        links: [],
        folders: [],
      };
      folder.folders.push({ name, folder: child });
      pending.push({ folder: child, real });
    };
    try {
      const real = known ?? (await realpath(folder.path));
      if (seen.has(real)) return;
      seen.add(real);
      const entries = await readdir(folder.path, { withFileTypes: true });
      const names: string[] = [];
      for (const entry of entries) {
        // A plain folder's real path follows from its parent's: only links need resolving.
        if (entry.isDirectory()) {
          sub(entry.name, join(real, entry.name));
          continue;
        }
        const named = isSessionFileName(entry.name, agent);
        if (entry.isFile()) {
          if (named) names.push(entry.name);
        } else if (entry.isSymbolicLink()) {
          const child = join(folder.path, entry.name);
          const target = await statOrProblem(child, problems);
          if (target?.isDirectory()) sub(entry.name, undefined);
          else if (target && named) {
            if (target.isFile()) {
              const found = { path: child, agent, modified: target.mtimeMs };
              folder.links.push({ name: entry.name, found });
            } else problems.push(problemOf(child, new NotRegularFileError(kindOf(target))));
          }
        } else if (named) {
          // A FIFO or device under a session name is never read, but never passed over silently.
          problems.push(
            problemOf(join(folder.path, entry.name), new NotRegularFileError(kindOf(entry))),
          );
        }
      }
      folder.names = Buffer.from(names.sort(byName).join("/"), "utf8");
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
  return { [Symbol.iterator]: () => inPathOrder(top, agent) };
}

/**
 * The folder's files in the order of their whole paths. A subfolder's paths all start with its
 * name and a slash, and a file's name holds no slash, so ordering a folder's entries by name,
 * with a slash after each subfolder's, orders the whole paths. The file names were sorted by
 * the walk; they are taken from their buffer one at a time and merged with the few links and
 * subfolders, so no folder's names are held as strings while its files are read.
 */
function* inPathOrder(folder: WalkedFolder, agent: Agent | undefined): Generator<FoundFile> {
  type Other = { key: string; found?: FoundFile; folder?: WalkedFolder };
  const others: Other[] = [
    ...folder.links.map((link) => ({ key: link.name, found: link.found })),
    ...folder.folders.map((sub) => ({ key: `${sub.name}/`, folder: sub.folder })),
  ];
  others.sort((a, b) => byName(a.key, b.key));
  // A name from the folder holds no slash and is never . or ..: joined once, the folder's own
  // path is normalised as `join` would, and each file's path is that and its name (a `join` per
  // file cost a twentieth of reading 100,000 small files).
  const prefix = join(folder.path, "x").slice(0, -1);
  let next = 0;
  function* othersBefore(name: string | undefined): Generator<FoundFile> {
    // No file's name is a link's (one folder, one entry) or a subfolder's key (it ends in /).
    for (let other = others[next]; other && (name === undefined || other.key < name); ) {
      if (other.folder) yield* inPathOrder(other.folder, agent);
      else if (other.found) yield other.found;
      other = others[++next];
    }
  }
  for (const name of namesIn(folder.names)) {
    yield* othersBefore(name);
    yield { path: prefix + name, agent };
  }
  yield* othersBefore(undefined);
}

/** The order of names as strings compare: by UTF-16 code unit, as the paths' order is. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SLASH = 0x2f;

/** The names in a folder's buffer, in its order. A slash is never part of a UTF-8 sequence. */
function* namesIn(joined: Buffer): Generator<string> {
  for (let start = 0; start < joined.length; ) {
    const slash = joined.indexOf(SLASH, start);
    const end = slash < 0 ? joined.length : slash;
    yield joined.toString("utf8", start, end);
    start = end + 1;
  }
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
