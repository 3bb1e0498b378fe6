import { type FSWatcher, readFileSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import type { Readable } from "node:stream";

/**
 * Waiting for the event itself, never by polling or sleeping: a test names what it waits for and
 * the source that tells it something changed (a registry's events, a stream's chunks, a
 * render); the condition is checked again on each change. The timeout synchronises nothing: it
 * only turns a wait that will never end into a report of what was awaited and what was seen.
 */

/** Something that can tell a listener "I changed"; returns how to stop listening. */
export interface ChangeSource {
  subscribe(listener: () => void): () => void;
}

/** A change source a test helper owns and notifies on each change it makes. */
export class Changes implements ChangeSource {
  readonly #listeners = new Set<() => void>();

  notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * An array that notifies `changes` on every write (push, index, length): a helper records
 * into it as before, and a test can wait for what it holds.
 */
export function watchedArray<T>(changes: Changes, items: T[] = []): T[] {
  return new Proxy(items, {
    set(target, property, value, receiver) {
      const done = Reflect.set(target, property, value, receiver);
      changes.notify();
      return done;
    },
  });
}

/**
 * How long a wait goes on before it is reported as hung. Generous, since it never decides when a
 * test goes on (a healthy wait ends on its event, however loaded the machine): it only bounds how
 * long a hung test takes to say so. Every time limit in the tests is this one or derives from it.
 */
export const REPORT_AFTER_MS = 60_000;

/**
 * A whole test's (and hook's) limit: longer than any one wait's, so that what a hung test reports
 * is its wait's report (what was awaited, what was seen), not a bare "timed out".
 */
export const TEST_HANG_MS = 3 * REPORT_AFTER_MS;

export interface WaitOptions {
  /** After how long a wait that has not ended is reported as a failure. */
  readonly reportAfterMs?: number;
  /** What was seen instead, for the report (the last screen, the events so far…). */
  readonly seen?: () => string;
}

/**
 * Resolves with `check()`'s first value that is neither undefined nor false, checked now and
 * after each change `source` reports.
 */
export function waitFor<T>(
  what: string,
  source: ChangeSource | readonly ChangeSource[],
  check: () => T | undefined | false,
  options: WaitOptions = {},
): Promise<T> {
  const sources = Array.isArray(source) ? source : [source as ChangeSource];
  return new Promise<T>((resolve, reject) => {
    let finished = false;
    const stops: (() => void)[] = [];
    const finish = (): void => {
      finished = true;
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
    const attempt = (): void => {
      if (finished) return;
      let value: T | undefined | false;
      try {
        value = check();
      } catch (error) {
        finish();
        reject(error);
        return;
      }
      if (value === undefined || value === false) return;
      finish();
      resolve(value);
    };
    const reportAfterMs = options.reportAfterMs ?? REPORT_AFTER_MS;
    const timer = setTimeout(() => {
      if (finished) return;
      finish();
      const seen = options.seen?.();
      reject(
        new Error(
          `waited ${reportAfterMs} ms for ${what}, and it did not happen${seen === undefined ? "" : `; saw:\n${seen}`}`,
        ),
      );
    }, reportAfterMs);
    for (const each of sources) stops.push(each.subscribe(attempt));
    attempt();
  });
}

/** The next event a subscription delivers that `match` accepts (its mapped value). */
export function nextEvent<E, T>(
  what: string,
  subscribe: (listener: (event: E) => void) => () => void,
  match: (event: E) => T | undefined | false,
  options: WaitOptions = {},
): Promise<T> {
  const changes = new Changes();
  let found: T | undefined | false;
  const seen: E[] = [];
  const stop = subscribe((event) => {
    seen.push(event);
    if (found !== undefined && found !== false) return;
    found = match(event);
    changes.notify();
  });
  return waitFor(what, changes, () => found, {
    seen: () => JSON.stringify(seen, null, 1),
    ...options,
  }).finally(stop);
}

/**
 * A readable stream's text, collected as it arrives, that a test can wait on: `line(pattern)`
 * resolves with the first complete line matching (so a line is never read half written).
 */
export class StreamText implements ChangeSource {
  #text = "";
  #ended = false;
  readonly #changes = new Changes();

  constructor(stream: Readable | null | undefined) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      this.#text += chunk;
      this.#changes.notify();
    });
    stream?.on("close", () => {
      this.#ended = true;
      this.#changes.notify();
    });
  }

  get text(): string {
    return this.#text;
  }

  subscribe(listener: () => void): () => void {
    return this.#changes.subscribe(listener);
  }

  /** The first whole line that matches; its match. Fails at once when the stream ended without it. */
  line(
    pattern: RegExp,
    what = String(pattern),
    options: WaitOptions = {},
  ): Promise<RegExpExecArray> {
    return waitFor(
      what,
      this,
      () => {
        const complete = this.#text.slice(0, this.#text.lastIndexOf("\n") + 1);
        for (const text of complete.split("\n")) {
          const found = pattern.exec(text);
          if (found) return found;
        }
        if (this.#ended) throw new Error(`the stream ended without ${what}:\n${this.#text}`);
        return undefined;
      },
      { seen: () => this.#text, ...options },
    );
  }

  /** All of the text, once the stream closed (a child's exit can come before its last output). */
  all(what = "the stream to close"): Promise<string> {
    return waitFor(what, this, () => this.#ended && this.#text, { seen: () => this.#text });
  }

  /** Resolves once the text so far holds `expected` anywhere (for output that ends no line). */
  contains(expected: string, options: WaitOptions = {}): Promise<string> {
    return waitFor(
      JSON.stringify(expected),
      this,
      () => {
        if (this.#text.includes(expected)) return this.#text;
        if (this.#ended) throw new Error(`the stream ended without ${expected}:\n${this.#text}`);
        return undefined;
      },
      { seen: () => this.#text, ...options },
    );
  }
}

/**
 * A directory's changes as the kernel reports them (inotify): a file another process writes is
 * waited for by its write, not by reading it again and again.
 */
export class WatchedDirectory implements ChangeSource {
  readonly #watcher: FSWatcher;
  readonly #changes = new Changes();

  constructor(path: string) {
    this.#watcher = watch(path, () => this.#changes.notify());
  }

  subscribe(listener: () => void): () => void {
    return this.#changes.subscribe(listener);
  }

  close(): void {
    this.#watcher.close();
  }
}

/**
 * The text of `path` once `complete` accepts it (by default: once it is not empty), as another
 * process writes it.
 */
export async function fileText(
  path: string,
  what = `${basename(path)} to be written`,
  complete: (text: string) => boolean = (text) => text !== "",
  options: WaitOptions = {},
): Promise<string> {
  const directory = new WatchedDirectory(dirname(path));
  const read = (): string | undefined => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  };
  try {
    return await waitFor(
      what,
      directory,
      () => {
        const text = read();
        return text !== undefined && complete(text) && text;
      },
      { seen: () => read() ?? "(no file)", ...options },
    );
  } finally {
    directory.close();
  }
}
