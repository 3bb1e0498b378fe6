import { neutraliseInline, neutraliseMultiline } from "../core/index.ts";
import type { AskExchange, ExchangeQuestion } from "../transcripts/model.ts";
import {
  AGENT_NAMES,
  formatTime,
  type LogTheme,
  laterLabel,
  outcomeLabel,
  presentedTypeLabel,
  shortPath,
} from "./log-style.ts";

export interface TextContext {
  readonly theme: LogTheme;
  readonly timeZone: string | undefined;
  readonly home: string | undefined;
}

/**
 * One ask as readable text. Everything read from a log is untrusted: control characters are
 * shown as visible stand-ins, never sent to the terminal.
 */
export function askAsText(exchange: AskExchange, context: TextContext): string {
  const { theme } = context;
  const lines: string[] = [];
  const where = exchange.cwd === null ? [] : [shortPath(inline(exchange.cwd), context.home)];
  lines.push(
    [
      theme.strong(formatTime(exchange.time, context.timeZone)),
      AGENT_NAMES[exchange.agent],
      ...where,
      outcomeStyle(exchange, context.theme)(outcomeLabel(exchange)),
    ].join("  "),
  );
  // "no answer" is worth saying only beside questions that have one.
  const anyAnswer = exchange.questions.some((question) => question.answer !== null);
  for (const question of exchange.questions)
    lines.push(...questionLines(question, theme, anyAnswer));
  if (exchange.plan !== null) lines.push(`  plan: ${inline(exchange.plan)}`);
  if (exchange.response !== null) lines.push(...block("  replied: ", exchange.response));
  if (exchange.rejection !== null) lines.push(...block("  rejected: ", exchange.rejection));
  if (exchange.error !== null) lines.push(theme.dim(`  ${inline(exchange.error)}`));
  if (exchange.later !== null)
    lines.push(theme.dim(`  answered after its call: ${laterLabel(exchange.later)}`));
  const source = `${shortPath(exchange.file, context.home)}:${exchange.line}`;
  lines.push(theme.dim(`  ${inline(exchange.tool)} · ${inline(source)}`));
  return `${lines.join("\n")}\n`;
}

function questionLines(question: ExchangeQuestion, theme: LogTheme, anyAnswer: boolean): string[] {
  const header = question.header ? theme.dim(`  (${inline(question.header)})`) : "";
  const lines = [
    ...block("  ", question.text).map((line, i) => (i === 0 ? theme.strong(line) + header : line)),
  ];
  if (question.presentedType)
    lines.push(theme.dim(`    ${presentedTypeLabel(question.presentedType)}`));
  const chosen = new Set(question.answer?.selected ?? []);
  for (const option of question.options) {
    const description = option.description ? theme.dim(` · ${inline(option.description)}`) : "";
    const label = inline(option.label);
    lines.push(
      chosen.has(option.label)
        ? `    ${theme.good("●")} ${theme.good(label)}${description}`
        : `    ○ ${label}${description}`,
    );
  }
  const known = new Set(question.options.map((option) => option.label));
  for (const label of question.answer?.selected ?? []) {
    if (!known.has(label)) lines.push(`    ${theme.good("●")} ${theme.good(inline(label))}`);
  }
  if (question.answer?.text) lines.push(...block("    typed: ", question.answer.text));
  if (question.answer?.notes) lines.push(...block("    notes: ", question.answer.notes));
  if (question.answer === null && (anyAnswer || question.skipped)) {
    const why = question.skipped ? `no answer (${inline(question.skipped)})` : "no answer";
    lines.push(theme.dim(`    ${why}`));
  }
  return lines;
}

/** A possibly multi-line text after a label, continuation lines aligned under the first. */
function block(label: string, text: string): string[] {
  const indent = " ".repeat(label.length);
  return neutraliseMultiline(text)
    .split("\n")
    .map((line, index) => (index === 0 ? `${label}${line}` : `${indent}${line}`));
}

function inline(text: string): string {
  return neutraliseInline(text);
}

function outcomeStyle(exchange: AskExchange, theme: LogTheme): (text: string) => string {
  switch (exchange.outcome) {
    case "answered":
    case "notes-only":
    case "responded":
      return theme.good;
    case "partly-answered":
    case "follow-up":
    case "rejected-with-message":
    case "clarify":
    case "plan-interview-done":
      return theme.warn;
    default:
      return theme.bad;
  }
}
