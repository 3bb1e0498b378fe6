import type { SettingsFs } from "../../../src/settings/settings-fs.ts";

function coded(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/** An in-memory filesystem; `fail` makes an operation on a path reject with a code. */
export class MemoryFs implements SettingsFs {
  readonly files = new Map<string, string>();
  readonly failures = new Map<string, { op: "read" | "create" | "replace"; code: string }>();
  reads = 0;

  fail(path: string, op: "read" | "create" | "replace", code: string): void {
    this.failures.set(path, { op, code });
  }

  #check(path: string, op: "read" | "create" | "replace"): void {
    const failure = this.failures.get(path);
    if (failure?.op === op) throw coded(failure.code, `${op} ${path}`);
  }

  async readText(path: string): Promise<string> {
    this.reads += 1;
    this.#check(path, "read");
    const text = this.files.get(path);
    if (text === undefined) throw coded("ENOENT", `no such file ${path}`);
    return text;
  }

  async createExclusive(path: string, text: string): Promise<void> {
    this.#check(path, "create");
    if (this.files.has(path)) throw coded("EEXIST", `file exists ${path}`);
    this.files.set(path, text);
  }

  async replace(path: string, text: string): Promise<void> {
    this.#check(path, "replace");
    this.files.set(path, text);
  }
}
