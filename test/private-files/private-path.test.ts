import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readServerInfo } from "../../src/remote/discovery.ts";
import { AskCache } from "../../src/transcripts/ask-cache.ts";
import { LOG_CACHE_FILE } from "../../src/transcripts/cache-file.ts";

/** Another user's uid, for the cases that need root to make a file someone else's. */
const OTHER = 4242;
const asRoot = process.getuid?.() === 0;

interface Place {
  /** The folder that holds the private folder (XDG_RUNTIME_DIR, XDG_CACHE_HOME). */
  readonly base: string;
  readonly folder: string;
  readonly file: string;
}

/** A user of the private-path checks: its folder and file, and what it tells of their problems. */
interface PrivateUser {
  readonly name: string;
  readonly fileName: string;
  /** Its own file, written as it writes it. */
  readonly content: string;
  /** Larger than it reads: a sparse file of this size is refused unread. */
  readonly tooBig: number;
  problems(place: Place): Promise<string>;
}

const USERS: readonly PrivateUser[] = [
  {
    name: "the answer server's runtime directory",
    fileName: "server.json",
    content: JSON.stringify({ pid: 1, port: 1, host: "127.0.0.1", token: "t", startedAt: "" }),
    tooBig: 64 * 1024 + 1,
    problems: async ({ base }) => {
      try {
        await readServerInfo({ XDG_RUNTIME_DIR: base });
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    },
  },
  {
    name: "askuser log's cache",
    fileName: LOG_CACHE_FILE,
    content: '{"format":"askuser-log-cache","version":1,"reading":"null","files":[]}',
    tooBig: 512 * 1024 * 1024 + 1,
    problems: async ({ folder }) => AskCache.open(folder, undefined).problems.join("\n"),
  },
];

interface Case {
  readonly name: string;
  readonly needsRoot?: boolean;
  arrange(place: Place, user: PrivateUser): void;
  /** The problem and its fix as every user tells it; "" when the place is fine. */
  told(place: Place): string;
}

const CASES: readonly Case[] = [
  {
    name: "the folder is a symbolic link",
    arrange: ({ base, folder }) => {
      mkdirSync(join(base, "elsewhere"), { mode: 0o700 });
      rmSync(folder, { recursive: true });
      symlinkSync(join(base, "elsewhere"), folder);
    },
    told: ({ folder }) => `${folder} is a symbolic link, not a folder: remove it (rm ${folder})`,
  },
  {
    name: "the folder is another user's",
    needsRoot: true,
    arrange: ({ folder }) => chownSync(folder, OTHER, OTHER),
    told: ({ folder }) => `${folder} is owned by uid ${OTHER}, not by you (uid 0): set XDG_`,
  },
  {
    name: "the folder is open to others",
    arrange: ({ folder }) => chmodSync(folder, 0o755),
    told: ({ folder }) => `${folder} is open to others (mode 755): run chmod 700 ${folder}`,
  },
  {
    name: "the parent is writable by others without the sticky bit",
    arrange: ({ base }) => chmodSync(base, 0o777),
    told: ({ base, folder }) =>
      `${folder} is inside ${base}, which others can write without the sticky bit (mode 777), so another user could replace it: set XDG_`,
  },
  {
    name: "the parent is group-writable without the sticky bit",
    arrange: ({ base }) => chmodSync(base, 0o770),
    told: ({ base, folder }) =>
      `${folder} is inside ${base}, which others can write without the sticky bit (mode 770)`,
  },
  {
    name: "a sticky shared parent (as /tmp) is fine",
    arrange: ({ base }) => chmodSync(base, 0o1777),
    told: () => "",
  },
  {
    name: "the parent is another user's",
    needsRoot: true,
    arrange: ({ base }) => chownSync(base, OTHER, OTHER),
    told: ({ base, folder }) =>
      `${folder} is inside ${base}, which is owned by uid ${OTHER}, so another user could replace it`,
  },
  {
    name: "the file is a FIFO",
    arrange: ({ file }) => execFileSync("mkfifo", ["-m", "600", file]),
    told: ({ file }) =>
      `${file} is not a regular file (a FIFO, a device or a folder): remove it (rm ${file})`,
  },
  {
    name: "the file is a symbolic link",
    arrange: ({ base, file }, user) => {
      writeFileSync(join(base, "target"), user.content, { mode: 0o600 });
      symlinkSync(join(base, "target"), file);
    },
    told: ({ file }) => `${file} is a symbolic link, not a file: remove it (rm ${file})`,
  },
  {
    name: "the file is another user's",
    needsRoot: true,
    arrange: ({ file }, user) => {
      writeFileSync(file, user.content, { mode: 0o600 });
      chownSync(file, OTHER, OTHER);
    },
    told: ({ file }) =>
      `${file} is owned by uid ${OTHER}, not by you (uid 0): remove it (rm ${file})`,
  },
  {
    name: "the file is open to others",
    arrange: ({ file }, user) => writeFileSync(file, user.content, { mode: 0o644 }),
    told: ({ file }) => `${file} is open to others (mode 644): run chmod 600 ${file}`,
  },
  {
    name: "the file is too big",
    arrange: ({ file }, user) => {
      writeFileSync(file, "", { mode: 0o600 });
      truncateSync(file, user.tooBig);
    },
    told: ({ file }) => `${file} is larger than the `,
  },
];

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function place(user: PrivateUser, prefix = "askuser-private-"): Place {
  const base = mkdtempSync(join(tmpdir(), prefix));
  made.push(base);
  const folder = join(base, "askuser");
  mkdirSync(folder, { mode: 0o700 });
  return { base, folder, file: join(folder, user.fileName) };
}

describe.each(USERS)("private folder and file checks: $name", (user) => {
  for (const testCase of CASES) {
    // Making a file another user's takes root (CI runs as root).
    const test = testCase.needsRoot && !asRoot ? it.skip : it;
    test(testCase.name, async () => {
      const where = place(user);
      testCase.arrange(where, user);
      const told = await user.problems(where);
      const expected = testCase.told(where);
      if (expected === "") expect(told).toBe("");
      else expect(told).toContain(expected);
    });
  }

  it("a fix names a path with spaces and quotes as a shell reads it", async () => {
    const where = place(user, "it's my dir ");
    chmodSync(where.folder, 0o755);
    const quoted = `'${where.folder.replaceAll("'", `'"'"'`)}'`;
    expect(await user.problems(where)).toContain(`run chmod 700 ${quoted}`);
  });
});
