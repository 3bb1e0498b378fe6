import { isObject } from "./json.ts";

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

/**
 * At most `max` code points of `text`, with an ellipsis when something was cut. Never splits a
 * character: a surrogate pair is one code point here, unlike `slice`.
 */
export function truncateCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let count = 0;
  let index = 0;
  while (index < text.length && count < max) {
    const code = text.codePointAt(index) ?? 0;
    index += code > 0xffff ? 2 : 1;
    count++;
  }
  return index >= text.length ? text : `${text.slice(0, index)}…`;
}

/** The first line of a text, trimmed. */
export function firstLine(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.indexOf("\n");
  return end < 0 ? trimmed : trimmed.slice(0, end).trimEnd();
}
