import type { Ask } from "../../core/index.ts";

/** The key of askuser's widget above the editor. */
export const PENDING_WIDGET = "askuser-pending";

/**
 * The one line above the editor while asks wait: how many questions, and how to answer them.
 * Undefined when nothing waits (the widget is removed). `shortcut` is shown only where it works
 * (the terminal UI); `/answer` works everywhere.
 */
export function pendingWidgetLines(
  asks: readonly Ask[],
  shortcut: string | undefined,
): string[] | undefined {
  if (asks.length === 0) return undefined;
  const questions = asks.reduce((sum, ask) => sum + ask.questions.length, 0);
  const what = questions === 1 ? "1 question waits" : `${questions} questions wait`;
  const grouped = asks.length > 1 ? ` (${asks.length} asks)` : "";
  const how = shortcut ? `press ${keyLabel(shortcut)} or type /answer` : "type /answer";
  return [`? ${what} for your answer${grouped}: ${how}`];
}

/** "alt+a" → "Alt+A": the way Pi's own hints spell keys. */
export function keyLabel(key: string): string {
  return key
    .split("+")
    .map((part) => (part.length === 1 ? part.toUpperCase() : capitalise(part)))
    .join("+");
}

function capitalise(word: string): string {
  return `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;
}
