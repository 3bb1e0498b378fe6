/**
 * Key names as pi-tui's `matchesKey` understands them ("down", "ctrl+c", "shift+tab"), checked
 * before use so a typo in a key table is reported instead of silently never matching.
 */

const MODIFIERS = ["ctrl", "shift", "alt", "super"] as const;
const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");
const DIGITS = "0123456789".split("");
const SYMBOLS = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?".split("");
const SPECIAL = [
  "escape",
  "enter",
  "tab",
  "space",
  "backspace",
  "delete",
  "insert",
  "clear",
  "home",
  "end",
  "pageup",
  "pagedown",
  "up",
  "down",
  "left",
  "right",
  ...Array.from({ length: 12 }, (_, i) => `f${i + 1}`),
];
const ALIASES: Readonly<Record<string, string>> = { esc: "escape", return: "enter" };
const BASE_KEYS = new Set([...LETTERS, ...DIGITS, ...SYMBOLS, ...SPECIAL]);

/** A key name in one canonical spelling: lower case, aliases resolved, modifiers in a fixed order. */
export type CanonicalKey = string & { readonly __canonicalKey: true };

/** The canonical form of a key name, or undefined when pi-tui would not recognise it. */
export function canonicalKey(name: string): CanonicalKey | undefined {
  // The form matches the name as written, and pi-tui never matches " escape": no spaces.
  let rest = name.toLowerCase();
  const modifiers = new Set<string>();
  for (;;) {
    const modifier = MODIFIERS.find((m) => rest.startsWith(`${m}+`) && rest.length > m.length + 1);
    if (!modifier) break;
    if (modifiers.has(modifier)) return undefined;
    modifiers.add(modifier);
    rest = rest.slice(modifier.length + 1);
  }
  const base = ALIASES[rest] ?? rest;
  if (!BASE_KEYS.has(base)) return undefined;
  const ordered = MODIFIERS.filter((m) => modifiers.has(m));
  return [...ordered, base].join("+") as CanonicalKey;
}

/**
 * True for a key that types a character when pressed without ctrl/alt/super: binding it inside a
 * text editor would stop the user from typing that character.
 */
export function typesText(key: CanonicalKey): boolean {
  const parts = key.split("+");
  const base = parts[parts.length - 1] ?? "";
  const modifiers = parts.slice(0, -1);
  if (modifiers.some((m) => m !== "shift")) return false;
  return (
    base === "space" || LETTERS.includes(base) || DIGITS.includes(base) || SYMBOLS.includes(base)
  );
}

const DISPLAY: Readonly<Record<string, string>> = {
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  escape: "esc",
  pageup: "pgup",
  pagedown: "pgdn",
};

/** How a key is written in the footer: arrows as arrows, the rest as its name. */
export function displayKey(key: CanonicalKey): string {
  return key
    .split("+")
    .map((part) => DISPLAY[part] ?? part)
    .join("+");
}

/** The arrow glyphs, which read well run together: "↑↓" rather than "↑/↓". */
export function isArrowGlyph(text: string): boolean {
  return text === "↑" || text === "↓" || text === "←" || text === "→";
}
