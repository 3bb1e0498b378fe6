import { UNSAFE_CHARACTER_CLASS } from "./text-safety.ts";

/**
 * The lines of an assistant message as the prose parser reads them: outside code blocks, with
 * the list marker (if any) taken apart from the text, and the text cleaned of what only
 * decorates it (Markdown emphasis, escape sequences and control characters).
 */

/** What starts a list item; numbers and letters are kept apart, since they nest differently. */
export type MarkerKind = "number" | "letter" | "bullet";

export interface ProseLine {
  /** 1-based, as an editor counts, so a notice can point at it. */
  readonly number: number;
  /** Columns of indentation before the marker or the text (a tab counts 4). */
  readonly indent: number;
  readonly marker: MarkerKind | undefined;
  /** The text after the marker, cleaned; empty for a blank line. */
  readonly text: string;
}

export interface ProseLines {
  readonly lines: readonly ProseLine[];
  /** Control characters and escape sequences removed from the text. */
  readonly controlsRemoved: number;
}

/** Lines longer than this are cut before parsing: no question or option is near it. */
const LINE_MAX = 4000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/u;
const MARKER = /^(\d{1,3}[.)]|\(\d{1,3}\)|[a-hA-H][.)]|\([a-hA-H]\)|[-*+•◦▪‣])\s+/u;
/** CSI, OSC (ended by BEL or ST) and two-byte escapes, as a terminal would read them. */
const ESC = String.raw`\u001b`;
const ESCAPE_SEQUENCE = new RegExp(
  [
    String.raw`${ESC}\[[0-?]*[ -/]*[@-~]`,
    String.raw`${ESC}\][^\u0007${ESC}]*(?:\u0007|${ESC}\\)`,
    `${ESC}[@-_]`,
    String.raw`\u009b[0-?]*[ -/]*[@-~]`,
  ].join("|"),
  "gu",
);
/** What is left of the unsafe set after tabs became spaces: dropped, as it draws nothing. */
const CONTROL = new RegExp(`[${UNSAFE_CHARACTER_CLASS}]`, "gu");

export function proseLines(message: string): ProseLines {
  const lines: ProseLine[] = [];
  let controlsRemoved = 0;
  let fence: string | undefined;
  const raw = message.split(/\r\n|[\n\r\u2028\u2029]/u);
  raw.forEach((source, index) => {
    const fenceMatch = FENCE.exec(source);
    if (fence !== undefined) {
      const closing = fenceMatch?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) fence = undefined;
      return;
    }
    if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      return;
    }
    const cut = source.length > LINE_MAX ? source.slice(0, LINE_MAX) : source;
    let removed = 0;
    const clean = cut
      .replace(ESCAPE_SEQUENCE, () => {
        removed++;
        return "";
      })
      .replace(/\t/gu, "    ")
      .replace(CONTROL, () => {
        removed++;
        return "";
      });
    controlsRemoved += removed;
    const indent = clean.length - clean.trimStart().length;
    const body = clean.trimStart().replace(/^>\s?/u, "");
    const marker = MARKER.exec(body);
    const text = cleanText(marker ? body.slice(marker[0].length) : body);
    lines.push({
      number: index + 1,
      indent,
      marker: marker?.[1] ? markerKind(marker[1]) : undefined,
      text,
    });
  });
  return { lines, controlsRemoved };
}

function markerKind(marker: string): MarkerKind {
  if (/\d/u.test(marker)) return "number";
  if (/[a-hA-H]/u.test(marker)) return "letter";
  return "bullet";
}

/** Drops Markdown emphasis and heading marks, and the spaces around the text. */
export function cleanText(text: string): string {
  return text
    .replace(/^#{1,6}\s+/u, "")
    .replace(/\*\*|__/gu, "")
    .replace(/(^|\s)[*_](\S)/gu, "$1$2")
    .replace(/(\S)[*_](?=\s|$|[?:.,])/gu, "$1")
    .replace(/\s+/gu, " ")
    .trim();
}
