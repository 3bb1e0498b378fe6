import { type CanonicalKey, canonicalKey, displayKey, isArrowGlyph } from "../keymap/key-names.ts";
import { type FormKeymap, type KeyContext, keysOf, PICK_ROWS } from "../keymap/keymap.ts";

/**
 * How a group of commands is written in the footer, from the keys really bound: the first key of
 * each command ("↑↓", "tab/shift+tab"), digits as a range ("1-4"). Undefined when none is bound,
 * so the footer never advertises a key that does nothing.
 */
export function keyLabel(
  keymap: FormKeymap,
  context: KeyContext,
  commands: readonly string[],
): string | undefined {
  const firsts = commands
    .map((command) => firstKey(keymap, context, command))
    .filter((key): key is CanonicalKey => key !== undefined);
  if (firsts.length === 0) return undefined;
  const digitRange = asDigitRange(commands, firsts);
  if (digitRange) return digitRange;
  const shown = [...new Set(firsts.map(displayKey))];
  return shown.join(shown.every(isArrowGlyph) ? "" : "/");
}

/** Every key bound to one command, "esc/enter", or undefined when none is. */
export function allKeysLabel(
  keymap: FormKeymap,
  context: KeyContext,
  command: string,
): string | undefined {
  const keys = keysOf(keymap, context, command)
    .map(canonicalKey)
    .filter((key): key is CanonicalKey => key !== undefined);
  return keys.length === 0 ? undefined : [...new Set(keys.map(displayKey))].join("/");
}

/** "↑↓ move" — or nothing when no key runs the commands. */
export function hint(
  keymap: FormKeymap,
  context: KeyContext,
  commands: readonly string[],
  label: string,
): string | undefined {
  const keys = keyLabel(keymap, context, commands);
  return keys === undefined ? undefined : `${keys} ${label}`;
}

/** The pick commands for the first `rows` rows. */
export function pickCommands(rows: number): readonly string[] {
  return PICK_ROWS.slice(0, Math.min(rows, PICK_ROWS.length));
}

function firstKey(
  keymap: FormKeymap,
  context: KeyContext,
  command: string,
): CanonicalKey | undefined {
  for (const name of keysOf(keymap, context, command)) {
    const key = canonicalKey(name);
    if (key) return key;
  }
  return undefined;
}

function asDigitRange(
  commands: readonly string[],
  keys: readonly CanonicalKey[],
): string | undefined {
  if (keys.length < 2 || keys.length !== commands.length) return undefined;
  const consecutive = keys.every((key, index) => key === String(index + 1));
  return consecutive ? `1-${keys.length}` : undefined;
}
