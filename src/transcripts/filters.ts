import type { Agent, AskExchange } from "./model.ts";

export interface AskFilter {
  /** Keep asks made at or after this time (epoch ms). */
  readonly since?: number;
  /** Keep asks made before this time (epoch ms). */
  readonly until?: number;
  /** Keep asks whose questions, options, answers, notes, response or rejection match. */
  readonly grep?: RegExp;
  /** Keep asks made in this folder or below it. */
  readonly cwd?: string;
  readonly agents?: readonly Agent[];
}

export function matchesFilter(exchange: AskExchange, filter: AskFilter): boolean {
  if (filter.agents && !filter.agents.includes(exchange.agent)) return false;
  if (filter.since !== undefined || filter.until !== undefined) {
    const time = exchange.time === null ? Number.NaN : Date.parse(exchange.time);
    if (Number.isNaN(time)) return false;
    if (filter.since !== undefined && time < filter.since) return false;
    if (filter.until !== undefined && time >= filter.until) return false;
  }
  if (filter.cwd !== undefined && !isWithin(exchange.cwd, filter.cwd)) return false;
  if (filter.grep && !searchableTexts(exchange).some((text) => testFrom(filter.grep, text))) {
    return false;
  }
  return true;
}

function testFrom(pattern: RegExp | undefined, text: string): boolean {
  if (!pattern) return true;
  pattern.lastIndex = 0;
  return pattern.test(text);
}

function isWithin(cwd: string | null, folder: string): boolean {
  if (cwd === null) return false;
  const base = folder.length > 1 ? folder.replace(/[/\\]+$/u, "") : folder;
  if (cwd === base) return true;
  return cwd.startsWith(base.endsWith("/") ? base : `${base}/`) || cwd.startsWith(`${base}\\`);
}

/** Every text of an ask a search looks at. */
export function searchableTexts(exchange: AskExchange): string[] {
  const texts: string[] = [];
  for (const question of exchange.questions) {
    texts.push(question.text);
    if (question.header) texts.push(question.header);
    for (const option of question.options) {
      texts.push(option.label);
      if (option.description) texts.push(option.description);
    }
    if (question.answer) {
      texts.push(...question.answer.selected);
      if (question.answer.text) texts.push(question.answer.text);
      if (question.answer.notes) texts.push(question.answer.notes);
    }
  }
  for (const text of [exchange.response, exchange.rejection]) if (text) texts.push(text);
  return texts;
}

/** What the order of asks is decided by. */
export type AskOrder = Pick<AskExchange, "time" | "file" | "line" | "resultLine">;

/**
 * Newest first; asks without a time last; ties in file and line order, and results of one call
 * newest first.
 */
export function newestFirst(a: AskOrder, b: AskOrder): number {
  const ta = a.time === null ? Number.NEGATIVE_INFINITY : Date.parse(a.time);
  const tb = b.time === null ? Number.NEGATIVE_INFINITY : Date.parse(b.time);
  if (ta !== tb) return tb - ta;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || (b.resultLine ?? 0) - (a.resultLine ?? 0);
}
