import { neutraliseInline, neutraliseMultiline } from "../core/index.ts";
import type { AskExchange, ExchangeQuestion } from "../transcripts/model.ts";
import {
  AGENT_NAMES,
  formatTime,
  laterLabel,
  outcomeLabel,
  presentedTypeLabel,
  shortPath,
} from "./log-style.ts";

export interface MarkdownContext {
  readonly timeZone: string | undefined;
  readonly home: string | undefined;
}

export const MARKDOWN_TITLE = "# Decision log\n";

/**
 * One ask as a section of a decision log a person can paste into a document: the options as a
 * task list with the chosen ones ticked, then what the user wrote. Text from logs is escaped, so
 * it cannot turn into links, HTML or headings.
 */
export function askAsMarkdown(exchange: AskExchange, context: MarkdownContext): string {
  const parts: string[] = [];
  const title =
    exchange.questions.map((q) => q.header ?? q.text).join(" · ") ||
    (exchange.plan !== null ? "Plan review" : exchange.tool);
  parts.push(`## ${formatTime(exchange.time, context.timeZone)} — ${escapeMarkdown(title)}`);
  const where = exchange.cwd === null ? [] : [code(shortPath(exchange.cwd, context.home))];
  parts.push(
    `*${[AGENT_NAMES[exchange.agent], ...where, escapeMarkdown(outcomeLabel(exchange))].join(" · ")}*`,
  );
  const anyAnswer = exchange.questions.some((question) => question.answer !== null);
  for (const question of exchange.questions) parts.push(...questionParts(question, anyAnswer));
  if (exchange.plan !== null) parts.push(`Plan: ${code(exchange.plan)}`);
  if (exchange.response !== null) parts.push(quote("Reply", exchange.response));
  if (exchange.rejection !== null) parts.push(quote("Rejected", exchange.rejection));
  if (exchange.error !== null) parts.push(`Error: ${escapeMarkdown(exchange.error)}`);
  if (exchange.later !== null) {
    parts.push(`*Answered after its call: ${escapeMarkdown(laterLabel(exchange.later))}.*`);
  }
  parts.push(
    `<sub>${escapeMarkdown(exchange.tool)} · ${code(`${shortPath(exchange.file, context.home)}:${exchange.line}`)}</sub>`,
  );
  return `${parts.join("\n\n")}\n`;
}

function questionParts(question: ExchangeQuestion, anyAnswer: boolean): string[] {
  const parts = [`**${escapeMarkdown(question.text)}**`];
  if (question.presentedType) {
    parts.push(`*${escapeMarkdown(presentedTypeLabel(question.presentedType))}.*`);
  }
  const chosen = new Set(question.answer?.selected ?? []);
  const known = new Set(question.options.map((option) => option.label));
  const items = question.options.map((option) => {
    const mark = chosen.has(option.label) ? "x" : " ";
    const description = option.description ? ` — ${escapeMarkdown(option.description)}` : "";
    return `- [${mark}] ${escapeMarkdown(option.label)}${description}`;
  });
  for (const label of question.answer?.selected ?? []) {
    if (!known.has(label)) items.push(`- [x] ${escapeMarkdown(label)}`);
  }
  if (items.length > 0) parts.push(items.join("\n"));
  if (question.answer?.text) parts.push(quote("Typed", question.answer.text));
  if (question.answer?.notes) parts.push(quote("Notes", question.answer.notes));
  if (question.answer === null && (anyAnswer || question.skipped)) {
    parts.push(
      question.skipped ? `*No answer (${escapeMarkdown(question.skipped)}).*` : "*No answer.*",
    );
  }
  return parts;
}

/** A labelled block quote; every line of the text stays inside the quote. */
function quote(label: string, text: string): string {
  const lines = neutraliseMultiline(text).split("\n").map(escapeMarkdown);
  return lines
    .map((line, index) => (index === 0 ? `> **${label}:** ${line}` : `> ${line}`))
    .join("\n");
}

function escapeMarkdown(text: string): string {
  return neutraliseInline(text).replace(/[\\`*_[\]<>|~#]/gu, (char) => `\\${char}`);
}

/** Inline code that a backtick inside the text cannot close early. */
function code(text: string): string {
  const clean = neutraliseInline(text);
  const longest = Math.max(0, ...(clean.match(/`+/gu) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") ? " " : "";
  return `${fence}${pad}${clean}${pad}${fence}`;
}
