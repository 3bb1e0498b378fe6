// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { truncateCodePoints } from "../core/shorten.ts";
import { isObject } from "./json.ts";

/** How many code points of an error message an exchange keeps (an ellipsis marks a cut). */
const ERROR_SHOWN = 200;

/**
 * The text of a message or tool-result content: the string itself, or the `text` of every text
 * block joined by newlines. Images and other blocks contribute nothing.
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const block of content) {
    if (isObject(block) && block.type === "text" && typeof block.text === "string") {
      parts.push(block.text);
    }
  }
  return parts.join("\n");
}

/** The first line of a text, trimmed. */
export function firstLine(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.indexOf("\n");
  return end < 0 ? trimmed : trimmed.slice(0, end).trimEnd();
}

/** An error as an exchange records it: its first line, cut to a length a listing can show. */
export function shortError(text: string): string {
  return truncateCodePoints(firstLine(text), ERROR_SHOWN);
}
