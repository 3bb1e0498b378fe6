import {
  type Answer,
  type AskDetails,
  type CancelOrigin,
  clipCodePoints,
  codePointEnd,
  countCodePoints,
  formatAnswerValue,
  formatIssue,
  isRecord,
  OTHER_LABEL,
  provenanceSentence,
  type Question,
  readStoredDetails,
  showsPartialAnswers,
  TOOL_NAME,
  type UnavailableReason,
} from "../core/index.ts";
// Untrusted text on one line is drawn exactly as pi-tui measures it.
import { safeInline, safeLines } from "../tui/render/safe-text.ts";
import type { LaterEnd } from "./survive/later-ends.ts";

/** The theme slots the renderers use; Pi's `Theme` fits, and tests pass identity styles. */
export interface RenderTheme {
  fg(
    color: "accent" | "success" | "error" | "warning" | "muted" | "dim" | "text" | "toolTitle",
    text: string,
  ): string;
  bold(text: string): string;
}

/**
 * The call line, drawn while the form is open and above the result: `ask_user` and the question
 * headers. The arguments are the model's raw (possibly still streaming) input, so every value is
 * checked and made safe before it reaches the terminal.
 */
export function callText(args: unknown, theme: RenderTheme): string {
  const title = theme.fg("toolTitle", theme.bold(TOOL_NAME));
  const headers = rawQuestions(args).map((question) => {
    const header = typeof question.header === "string" ? question.header : question.question;
    return typeof header === "string" ? clipCodePoints(safeInline(header), 40) : "…";
  });
  if (headers.length === 0) return title;
  return `${title} ${theme.fg("muted", headers.join(" · "))}`;
}

/** What a result looks like in the transcript, collapsed or expanded. */
export function resultText(
  result: { readonly details: unknown; readonly content: readonly unknown[] },
  expanded: boolean,
  theme: RenderTheme,
  later?: LaterEnd,
): string {
  const details = readStoredDetails(result.details);
  if (!details) return theme.fg("error", safeLines(firstText(result.content)).join("\n"));
  const lines = [...statusLines(details, expanded, theme, later)];
  const shown = shownAnswers(details);
  if (shown) lines.push(...answerLines(details, shown, expanded, theme));
  const where = provenanceSentence(details);
  if (where !== undefined) lines.push(theme.fg("muted", where));
  return lines.join("\n");
}

function statusLines(
  details: AskDetails,
  expanded: boolean,
  theme: RenderTheme,
  later: LaterEnd | undefined,
): string[] {
  switch (details.status) {
    case "answered":
      return [];
    case "cancelled":
      return [cancelledLine(details.origin ?? "user", theme)];
    case "timed_out":
      return [theme.fg("warning", "⏱ Timed out before the user finished answering")];
    case "unavailable":
      return [theme.fg("warning", UNAVAILABLE_LINES[details.reason ?? "non_interactive"])];
    case "pending":
      return [theme.fg("accent", `⋯ Asked without waiting: ${PENDING_ROW[later ?? "waiting"]}`)];
    case "clarification_requested":
      return askedBackLines(details.clarification?.question ?? "", expanded, theme);
    case "invalid": {
      const issues = details.issues ?? [];
      const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
      const head = theme.fg("error", `✗ Not asked: the parameters have ${count}`);
      if (!expanded) return [head];
      return [
        head,
        ...issues.map((issue) => theme.fg("muted", `  ${safeInline(formatIssue(issue))}`)),
      ];
    }
  }
}

/** The user's question back to the agent: clipped on a collapsed row, whole when expanded. */
function askedBackLines(question: string, expanded: boolean, theme: RenderTheme): string[] {
  const lead = "? The user asked back instead of finishing: ";
  if (!expanded) return [theme.fg("accent", `${lead}${clipCollapsed(safeInline(question))}`)];
  return [theme.fg("accent", lead), ...safeLines(question).map((line) => `  ${line}`)];
}

const PENDING_ROW: Record<LaterEnd | "waiting", string> = {
  waiting: "the answer will arrive as a message",
  sent: "answered later, sent to the agent as a message",
  ended: "it ended without an answer",
};

const UNAVAILABLE_LINES: Record<UnavailableReason, string> = {
  non_interactive: "⊘ Not asked: no interactive user in this mode (ask_user turned off)",
  user_away: "⊘ Not asked: an earlier question in this turn timed out, so the user seems away",
};

const CANCELLED_LINES: Record<CancelOrigin, { color: "warning" | "error"; text: string }> = {
  user: { color: "warning", text: "✗ Cancelled by the user" },
  ui_failure: { color: "error", text: "✗ The question form failed" },
  turn_abort: { color: "warning", text: "✗ Withdrawn: the turn was aborted" },
  session_closed: { color: "warning", text: "✗ Ended: the session closed" },
  disabled: { color: "warning", text: "✗ Ended: ask_user was disabled" },
  disconnected: { color: "warning", text: "✗ Ended: the client disconnected" },
};

function cancelledLine(origin: CancelOrigin, theme: RenderTheme): string {
  const line = CANCELLED_LINES[origin];
  return theme.fg(line.color, line.text);
}

/**
 * Which answers a row shows, and what a question without one is called: the row lists every
 * question, but shows only the answers the model received. A lifecycle end sends none, so it
 * shows none, even if the form held some. Undefined for ends that asked nothing.
 */
function shownAnswers(
  details: AskDetails,
): { readonly answers: AskDetails["answers"]; readonly missing: string } | undefined {
  if (details.status === "answered") return { answers: details.answers, missing: "skipped" };
  if (showsPartialAnswers(details)) return { answers: details.answers, missing: "no answer" };
  if (details.status === "cancelled") return { answers: {}, missing: "no answer sent" };
  return undefined;
}

function answerLines(
  details: AskDetails,
  shown: NonNullable<ReturnType<typeof shownAnswers>>,
  expanded: boolean,
  theme: RenderTheme,
): string[] {
  return details.questions.flatMap((question) => {
    const answer = shown.answers[question.id];
    const header = theme.fg("accent", safeInline(question.header));
    if (!expanded) {
      if (!answer) return [`${theme.fg("dim", "–")} ${header}: ${theme.fg("dim", shown.missing)}`];
      return [
        `${theme.fg("success", "✓")} ${header}: ${theme.fg("text", clipCollapsed(safeInline(formatAnswerValue(answer))))}`,
      ];
    }
    const mark = answer ? theme.fg("success", "✓") : theme.fg("dim", "–");
    const heading = `${mark} ${header} — ${theme.fg("muted", safeInline(question.question))}`;
    return [heading, ...optionLines(question, answer, shown.missing, theme)];
  });
}

function optionLines(
  question: Question,
  answer: Answer | undefined,
  missing: string,
  theme: RenderTheme,
): string[] {
  const lines = question.options.map((option) => {
    const chosen = answer?.selected.includes(option.label) ?? false;
    return chosen
      ? `    ${theme.fg("accent", "●")} ${theme.fg("text", safeInline(option.label))}`
      : `    ${theme.fg("dim", "○")} ${theme.fg("dim", safeInline(option.label))}`;
  });
  if (answer?.other !== undefined) {
    lines.push(
      `    ${theme.fg("accent", "●")} ${theme.fg("text", `${OTHER_LABEL}: ${JSON.stringify(safeInline(answer.other))}`)}`,
    );
  } else {
    lines.push(`    ${theme.fg("dim", "○")} ${theme.fg("dim", OTHER_LABEL)}`);
  }
  if (answer?.comment !== undefined) {
    lines.push(`    ${theme.fg("muted", `note: ${safeInline(answer.comment)}`)}`);
  }
  if (!answer) lines.push(`    ${theme.fg("dim", `(${missing})`)}`);
  return lines;
}

/** The questions of raw arguments: every object counts (a list too), so each shows as a header or "…". */
function rawQuestions(args: unknown): Record<string, unknown>[] {
  const questions = isRecord(args) ? args.questions : undefined;
  if (!Array.isArray(questions)) return [];
  return questions.filter(
    (question): question is Record<string, unknown> =>
      typeof question === "object" && question !== null,
  );
}

function firstText(content: readonly unknown[]): string {
  for (const block of content) {
    if (isRecord(block) && block.type === "text" && typeof block.text === "string")
      return block.text;
  }
  return "ask_user returned no text";
}

/**
 * Code points of an answer a collapsed row shows: a pasted note or a long Other text would
 * otherwise wrap into screens of transcript; the expanded row keeps all of it.
 */
const COLLAPSED_ANSWER_MAX = 120;

function clipCollapsed(text: string): string {
  const cut = codePointEnd(text, COLLAPSED_ANSWER_MAX);
  if (cut >= text.length) return text;
  const left = countCodePoints(text, cut);
  return `${text.slice(0, cut)}… (${left} more characters; expand to see all)`;
}
