import type { KeymapChecker } from "../../../src/settings/keymap-checker.ts";

const COMMANDS: Record<string, readonly string[]> = {
  list: ["moveUp", "moveDown", "activate", "requestCancel"],
  editor: ["saveDraft", "closeEditor"],
};
const DEFAULTS: Record<string, Record<string, readonly string[]>> = {
  list: { moveUp: ["up"], moveDown: ["down"], activate: ["enter"], requestCancel: ["escape"] },
  editor: { saveDraft: ["enter"], closeEditor: ["escape"] },
};
const REQUIRED: Record<string, readonly string[]> = {
  list: ["activate", "requestCancel"],
  editor: ["saveDraft", "closeEditor"],
};
const KEY = /^((ctrl|alt|shift)\+)*([a-z0-9]|up|down|enter|escape|tab|space)$/u;

/**
 * A small stand-in for the form's key table with the same kinds of rules (unknown names,
 * duplicates, a way forward and out), so settings' handling of them can be tested on its own.
 */
export const fakeKeymap: KeymapChecker = {
  contexts: Object.keys(COMMANDS),
  problems(context, bindings) {
    const commands = COMMANDS[context];
    if (!commands) return [`keys: unknown context "${context}"`];
    const merged: Record<string, readonly string[]> = { ...DEFAULTS[context], ...bindings };
    const problems: string[] = [];
    const owner = new Map<string, string>();
    for (const [command, keys] of Object.entries(merged)) {
      if (!commands.includes(command))
        problems.push(`keys.${context}: unknown command "${command}"`);
      for (const key of keys) {
        if (!KEY.test(key)) problems.push(`keys.${context}.${command}: "${key}" is not a key name`);
        const previous = owner.get(key);
        if (previous)
          problems.push(`keys.${context}: "${key}" is bound to both ${previous} and ${command}`);
        owner.set(key, command);
      }
    }
    for (const command of REQUIRED[context] ?? []) {
      if ((merged[command] ?? []).length === 0)
        problems.push(`keys.${context}: no key for ${command}`);
    }
    return problems;
  },
};
