/**
 * Text as a person sees it, for the checks that must not be fooled by what they cannot see:
 * emptiness, duplicates and the "Other" row. Used only to compare; the model's text is kept
 * as sent.
 */

/** Default-ignorable code points render as nothing; U+2800 (braille blank) renders as a space. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * The text with every invisible character written as its JSON escape (`\u200b`), for echoing a
 * received value: a message must never quote something the reader cannot see.
 */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) =>
    Array.from(
      { length: char.length },
      (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`,
    ).join(""),
  );
}

/** The text after NFC, without characters that render as nothing. */
export function visibleText(text: string): string {
  return text.normalize("NFC").replace(INVISIBLE, "");
}

/**
 * Upper-case Cyrillic and Greek letters drawn like a Latin one. Folding after upper-casing
 * catches lower-case look-alikes too, and each script maps injectively, so two different words
 * of one script never fold together.
 */
const LATIN_LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  У: "Y",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  Ԁ: "D",
  Ԛ: "Q",
  Ԝ: "W",
  // Greek
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LATIN_LOOK_ALIKES).join("")}]`, "gu");
/** Fullwidth forms of ASCII punctuation, digits and letters (U+FF01-U+FF5E). */
const FULLWIDTH = /[\uff01-\uff5e]/gu;

/**
 * A key under which texts that look the same are equal: visible text, fullwidth folded to
 * ASCII, upper-cased, Latin look-alikes folded, runs of white space made one space.
 */
export function comparisonKey(text: string): string {
  return visibleText(text)
    .replace(FULLWIDTH, (char) => String.fromCharCode((char.codePointAt(0) ?? 0) - 0xfee0))
    .toUpperCase()
    .replace(LOOK_ALIKE, (char) => LATIN_LOOK_ALIKES[char] ?? char)
    .replace(/\s+/gu, " ")
    .trim();
}

/** Whole labels, punctuation aside, that only restate the free-text row. */
const OTHER_PHRASES = new Set([
  "OTHER",
  "OTHERS",
  "OTHER OPTION",
  "OTHER OPTIONS",
  "OTHER ANSWER",
  "OTHER CHOICE",
  "OTHER SPECIFY",
  "OTHER PLEASE SPECIFY",
  "PLEASE SPECIFY",
  "SOMETHING ELSE",
  "SOMETHING ELSE PLEASE SPECIFY",
  "ANYTHING ELSE",
]);

/**
 * True for a label that is the free-text "Other" row in disguise: after `comparisonKey`, either
 * one of OTHER_PHRASES once punctuation is dropped ("Other?", "Other, please specify",
 * "Others"), or "Other"/"Others" followed by punctuation ("Other: Redis", "Other (…)"). An
 * apostrophe or a letter after "Other" is an ordinary word: "Other team's API", "Otherwise".
 */
export function isOtherLabel(label: string): boolean {
  const key = comparisonKey(label);
  const words = key
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return OTHER_PHRASES.has(words) || /^OTHERS?\s*[^\p{L}\p{N}\s'’]/u.test(key);
}
