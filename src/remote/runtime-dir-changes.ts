import { type FSWatcher, watch } from "node:fs";

/** The files a starting server makes: its socket, then its discovery file (by a rename). */
const SERVER_FILES: ReadonlySet<string> = new Set(["server.sock", "server.json"]);

/**
 * Without a watch (the user's inotify watches are used up, or the folder went away) nothing
 * says when the server's files appear, so the wait looks again this often instead.
 */
const UNWATCHED_RECHECK_MS = 250;

/** The changes a starting server makes in the runtime directory, and its end, as events. */
export interface RuntimeDirChanges {
  /** Why the started server ended without starting, once it did. */
  readonly failure: string | undefined;
  /** The started server ended: recorded, and a change. */
  failed(why: string): void;
  /** How many changes so far. */
  readonly count: number;
  /** A change after the first `seen` (at once if one came already), or the deadline. */
  after(seen: number, deadline: number): Promise<"change" | "deadline">;
  /** Waits `ms`, or until the deadline if that is sooner. */
  pause(ms: number, deadline: number): Promise<void>;
  /** Stops watching; a wait still pending ends as at its deadline. */
  close(): void;
}

export function watchRuntimeDir(dir: string): RuntimeDirChanges {
  const waiters = new Set<(change: "change" | "deadline") => void>();
  const timers = new Set<NodeJS.Timeout>();
  let failure: string | undefined;
  let count = 0;
  const notify = () => {
    count += 1;
    for (const waiter of [...waiters]) waiter("change");
  };
  let watcher: FSWatcher | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const unwatched = () => {
    watcher?.close();
    watcher = undefined;
    recheck ??= setInterval(notify, UNWATCHED_RECHECK_MS);
    notify();
  };
  try {
    watcher = watch(dir, (_event, name) => {
      if (name === null || SERVER_FILES.has(String(name))) notify();
    });
    watcher.on("error", unwatched);
  } catch {
    unwatched();
  }
  const after = (ms: number, then: () => void) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        then();
      },
      Math.max(0, ms),
    );
    timers.add(timer);
    return timer;
  };
  return {
    get failure() {
      return failure;
    },
    get count() {
      return count;
    },
    failed: (why) => {
      failure ??= why;
      notify();
    },
    after: (seen, deadline) =>
      new Promise((resolve) => {
        if (count > seen) return resolve("change");
        const settle = (change: "change" | "deadline") => {
          waiters.delete(settle);
          clearTimeout(timer);
          timers.delete(timer);
          resolve(change);
        };
        waiters.add(settle);
        const timer = after(deadline - Date.now(), () => settle("deadline"));
      }),
    pause: (ms, deadline) =>
      new Promise((resolve) => {
        after(Math.min(ms, deadline - Date.now()), resolve);
      }),
    close: () => {
      watcher?.close();
      if (recheck) clearInterval(recheck);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const waiter of [...waiters]) waiter("deadline");
    },
  };
}
