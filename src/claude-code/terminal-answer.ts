import {
  type Ask,
  type AskDetails,
  answerFromScript,
  cancelledBeforeOpenDetails,
  isRecord,
} from "../core/index.ts";
import type { NativeQuestion } from "./native-ask.ts";

/**
 * What Claude Code's own dialog answered (a `PostToolUse` hook's `tool_response`: `answers`
 * keyed by question text, a multi-select's labels joined by ", ", `annotations` notes), read as
 * askuser details, so the page can say what the terminal answered. Untrusted input: anything
 * that does not read as an answer is kept as the typed text it may be, never invented.
 */
export function detailsFromTerminal(
  ask: Ask,
  native: readonly NativeQuestion[],
  toolResponse: unknown,
): AskDetails {
  const answers =
    isRecord(toolResponse) && isRecord(toolResponse.answers) ? toolResponse.answers : {};
  const annotations =
    isRecord(toolResponse) && isRecord(toolResponse.annotations) ? toolResponse.annotations : {};
  const script: Record<string, unknown> = {};
  ask.questions.forEach((question, index) => {
    const nativeQuestion = native[index];
    const value = nativeQuestion && answers[nativeQuestion.question];
    if (!nativeQuestion || typeof value !== "string" || value === "") return;
    const note = annotations[nativeQuestion.question];
    const comment = isRecord(note) && typeof note.notes === "string" ? note.notes : undefined;
    script[question.id] = {
      ...readValue(value, question.multiSelect, nativeQuestion, question.options),
      ...(comment ? { comment } : {}),
    };
  });
  const none = Object.keys(script).length === 0;
  const played = answerFromScript(
    ask,
    script,
    none ? { kind: "cancelled", origin: "user" } : { kind: "submitted" },
  );
  if (played.ok) return played.details;
  // The dialog accepted what askuser's rules refuse (a typed text equal to a label, say): the
  // texts stand as typed, unmatched.
  const typed: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(script)) {
    if (isRecord(entry)) typed[id] = { other: textOf(entry) };
  }
  const fallback = answerFromScript(ask, typed);
  if (fallback.ok) return fallback.details;
  // Still refused (a typed text past askuser's limits): nothing is claimed as answered.
  return cancelledBeforeOpenDetails(ask, "user");
}

function readValue(
  value: string,
  multi: boolean,
  native: NativeQuestion,
  options: Ask["questions"][number]["options"],
): { selected: string[]; other?: string } {
  const labelOf = (text: string) => {
    const index = native.options.findIndex((option) => option.label === text);
    return index >= 0 ? options[index]?.label : undefined;
  };
  const whole = labelOf(value);
  if (whole !== undefined) return { selected: [whole] };
  if (!multi) return { selected: [], other: value };
  const selected: string[] = [];
  const typed: string[] = [];
  for (const part of value.split(", ")) {
    const label = labelOf(part);
    if (label !== undefined && !selected.includes(label)) selected.push(label);
    else typed.push(part);
  }
  return typed.length === 0 ? { selected } : { selected, other: typed.join(", ") };
}

function textOf(entry: Record<string, unknown>): string {
  const selected = Array.isArray(entry.selected) ? entry.selected.map(String) : [];
  const other = typeof entry.other === "string" ? [entry.other] : [];
  return [...selected, ...other].join(", ");
}
