import { isRecord } from "../../core/index.ts";
import { type CanonicalKey, canonicalKey, typesText } from "./key-names.ts";
import {
  CONTEXT_COMMANDS,
  type ContextCommand,
  DEFAULT_KEYMAP,
  type FormKeymap,
  KEY_CONTEXTS,
  type KeyContext,
  keysOf,
} from "./keymap.ts";

/** Each context must keep a way forward and a way out, or a user could be stuck in the form. */
const REQUIRED: { readonly [C in KeyContext]: readonly Requirement<C>[] } = {
  list: [
    { anyOf: ["activate"], purpose: "answers the question" },
    { anyOf: ["requestCancel", "cancelNow"], purpose: "cancels the form" },
  ],
  editor: [
    { anyOf: ["saveDraft"], purpose: "saves the text" },
    { anyOf: ["closeEditor"], purpose: "leaves the editor" },
  ],
  submit: [
    { anyOf: ["activate"], purpose: "submits the form" },
    { anyOf: ["requestCancel", "cancelNow"], purpose: "cancels the form" },
  ],
  confirmCancel: [{ anyOf: ["confirmCancel", "cancelNow"], purpose: "confirms the cancel" }],
};

interface Requirement<C extends KeyContext> {
  readonly anyOf: readonly ContextCommand<C>[];
  readonly purpose: string;
}

export type KeymapResult =
  | { readonly ok: true; readonly keymap: FormKeymap }
  | { readonly ok: false; readonly problems: readonly string[] };

/** A key table that cannot be used, with every reason. */
export class KeymapError extends Error {
  override readonly name = "KeymapError";
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid form keys:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Every problem of a complete key table; empty when the table is usable. */
export function keymapProblems(keymap: FormKeymap): string[] {
  return KEY_CONTEXTS.flatMap((context) => contextProblems(keymap, context));
}

/**
 * Applies overrides (as a config file would give them: context → command → key names) to a base
 * table, then checks the result. Overrides replace a command's keys; commands not named keep theirs.
 */
export function mergeKeymap(overrides: unknown, base: FormKeymap = DEFAULT_KEYMAP): KeymapResult {
  const problems: string[] = [];
  if (overrides === undefined) return { ok: true, keymap: base };
  if (!isRecord(overrides)) {
    return {
      ok: false,
      problems: [`keys: expected an object of contexts, got ${describe(overrides)}`],
    };
  }
  const merged: Record<string, Record<string, readonly string[]>> = {};
  for (const context of KEY_CONTEXTS) merged[context] = { ...base[context] };
  for (const [context, bindings] of Object.entries(overrides)) {
    // Own properties only: a context named "constructor" or "__proto__" is not one.
    const target = Object.hasOwn(merged, context) ? merged[context] : undefined;
    if (!target) {
      problems.push(
        `keys: unknown context "${context}"; expected one of ${KEY_CONTEXTS.join(", ")}`,
      );
      continue;
    }
    if (!isRecord(bindings)) {
      problems.push(`keys.${context}: expected an object of commands, got ${describe(bindings)}`);
      continue;
    }
    const commands: readonly string[] = CONTEXT_COMMANDS[context as KeyContext];
    for (const [command, keys] of Object.entries(bindings)) {
      if (!commands.includes(command)) {
        problems.push(
          `keys.${context}: unknown command "${command}"; expected one of ${commands.join(", ")}`,
        );
      } else if (!Array.isArray(keys) || !keys.every((key) => typeof key === "string")) {
        problems.push(
          `keys.${context}.${command}: expected a list of key names like ["down", "j"], got ${describe(keys)}`,
        );
      } else {
        target[command] = keys;
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const keymap = merged as unknown as FormKeymap;
  const found = keymapProblems(keymap);
  return found.length > 0 ? { ok: false, problems: found } : { ok: true, keymap };
}

function contextProblems(keymap: FormKeymap, context: KeyContext): string[] {
  const problems: string[] = [];
  const owner = new Map<CanonicalKey, string>();
  for (const command of CONTEXT_COMMANDS[context]) {
    for (const name of keysOf(keymap, context, command)) {
      const key = canonicalKey(name);
      if (!key) {
        problems.push(
          `keys.${context}.${command}: "${name}" is not a key name; use names like "down", "j", "ctrl+n", "shift+tab", "pageDown"`,
        );
        continue;
      }
      const previous = owner.get(key);
      if (previous === command) {
        problems.push(`keys.${context}.${command}: "${name}" is listed twice`);
      } else if (previous !== undefined) {
        problems.push(
          `keys.${context}: "${name}" is bound to both ${previous} and ${command}; a key can run only one command in a context`,
        );
      } else {
        owner.set(key, command);
      }
      if (context === "editor" && typesText(key)) {
        problems.push(
          `keys.editor.${command}: "${name}" types text in the editor; use a special key or one with ctrl or alt`,
        );
      }
    }
  }
  for (const requirement of REQUIRED[context] as readonly Requirement<KeyContext>[]) {
    const bound = requirement.anyOf.some((command) =>
      keysOf(keymap, context, command).some((name) => canonicalKey(name) !== undefined),
    );
    if (!bound) {
      problems.push(
        `keys.${context}: no key ${requirement.purpose} (${requirement.anyOf.join(" or ")}); bind at least one`,
      );
    }
  }
  return problems;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list ${JSON.stringify(value)}`;
  return typeof value === "string" ? JSON.stringify(value) : `${typeof value} ${String(value)}`;
}
