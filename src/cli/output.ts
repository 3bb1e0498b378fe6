import { jsonForDisplay, neutraliseMultiline } from "../core/index.ts";

/** A stream the CLI writes to; everything written is made display-safe on the way out. */
export interface SafeStream {
  /** Text, possibly holding untrusted parts: every unsafe character becomes a visible stand-in. */
  write(text: string): void;
  /** A value as JSON that parses back exactly, with every character a terminal acts on escaped. */
  writeJson(value: unknown, indent?: number): void;
}

/** Anything that takes text: a Node stream, or a test's capture. */
export interface RawStream {
  write(text: string): unknown;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the styling sequences the CLI itself adds
const SGR = /(\x1b\[[0-9;]*m)/u;

/**
 * The one way text leaves the CLI: every command writes through this, so an output path cannot
 * forget the rule. Newlines and tabs pass; with `keepSgr` (colour on a terminal) SGR styling
 * sequences pass too, and every other escape byte still becomes a stand-in.
 */
export function safeStream(raw: RawStream, options: { keepSgr?: boolean } = {}): SafeStream {
  const clean = options.keepSgr ? keepingSgr : neutraliseMultiline;
  return {
    write: (text) => {
      raw.write(clean(text));
    },
    writeJson: (value, indent) => {
      raw.write(`${jsonForDisplay(value, indent)}\n`);
    },
  };
}

function keepingSgr(text: string): string {
  if (!text.includes("\x1b")) return neutraliseMultiline(text);
  return text
    .split(SGR)
    .map((part, index) => (index % 2 === 1 ? part : neutraliseMultiline(part)))
    .join("");
}
