import type { PresentedType, QuestionType } from "../core/index.ts";
// biome-ignore lint/style/noRestrictedImports: askuser log loads no TypeBox (the core index does, ~70 ms)
import { ANSWER_PLACE_WORDS, END_REPORTER_WORDS } from "../core/provenance.ts";
import type { Agent, AskExchange } from "../transcripts/model.ts";

/** Styles for the text output; the plain theme is used without a terminal and in tests. */
export interface LogTheme {
  readonly strong: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly good: (text: string) => string;
  readonly bad: (text: string) => string;
  readonly warn: (text: string) => string;
}

const same = (text: string) => text;
const sgr = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`;

export const PLAIN_THEME: LogTheme = { strong: same, dim: same, good: same, bad: same, warn: same };

export const COLOUR_THEME: LogTheme = {
  strong: sgr(1, 22),
  dim: sgr(2, 22),
  good: sgr(32, 39),
  bad: sgr(31, 39),
  warn: sgr(33, 39),
};

/** Colour only on a terminal, and never when NO_COLOR is set to anything (no-color.org). */
export function wantsColour(
  isTerminal: boolean,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  const noColour = env.NO_COLOR;
  return isTerminal && (noColour === undefined || noColour === "");
}

export const AGENT_NAMES: Readonly<Record<Agent, string>> = {
  "claude-code": "Claude Code",
  pi: "Pi",
  codex: "Codex",
};

/** The outcome as a reader says it. */
const LATER: Readonly<Record<NonNullable<AskExchange["later"]>, string>> = {
  pending: "it was asked without waiting",
  restart: "shown again after Pi restarted",
  replay: "the user reopened it and answered again",
  reopened: "the user reopened it",
  "next-message": "the user's next message",
};

/** How an answer given after its call came, in words. */
export function laterLabel(later: NonNullable<AskExchange["later"]>): string {
  return LATER[later];
}

/** The outcome, and where our own ask_user's end was given or who reported it. */
export function outcomeLabel(exchange: AskExchange): string {
  const label = statusLabel(exchange);
  if (exchange.answeredIn !== null) return `${label} (${ANSWER_PLACE_WORDS[exchange.answeredIn]})`;
  if (exchange.reportedBy === "client") return `${label}, reported by ${END_REPORTER_WORDS.client}`;
  return label;
}

function statusLabel(exchange: AskExchange): string {
  switch (exchange.outcome) {
    case "partly-answered":
      return "partly answered";
    case "notes-only":
      return "answered with notes only";
    case "responded":
      return "replied in free text";
    case "follow-up":
      return "answered, asked for more questions";
    case "afk":
      return "auto-resolved (user away)";
    case "timed-out":
      return "timed out";
    case "cancelled":
      return exchange.cancelledBy && exchange.cancelledBy !== "user"
        ? `cancelled (${exchange.cancelledBy.replace("_", " ")})`
        : "cancelled";
    case "clarify":
      return "user chose to talk it over";
    case "plan-interview-done":
      return "plan interview ended by the user";
    case "rejected-with-message":
      return "rejected with a message";
    case "validation-error":
      return "invalid call, not asked";
    default:
      return exchange.outcome;
  }
}

/** The zone named by TZ when Intl knows it; otherwise the machine's (TZ may hold a libc-only form). */
export function timeZoneOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const zone = env.TZ;
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** An ISO time as `YYYY-MM-DD HH:MM` in `timeZone` (the machine's when undefined). */
export function formatTime(iso: string | null, timeZone: string | undefined): string {
  if (iso === null) return "unknown time";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "unknown time";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/** A path with the home folder written as `~`. */
export function shortPath(path: string, home: string | undefined): string {
  if (!home || home === "/") return path;
  if (path === home) return "~";
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

const TYPE_WORDS: Readonly<Record<QuestionType, string>> = {
  single: "single-select",
  multi: "multi-select",
  preview: "single-select with previews",
};

/** "shown as multi-select (asked as single-select; the user switched it)". */
export function presentedTypeLabel(presented: PresentedType): string {
  const who =
    presented.changedBy === "user" ? "the user switched it" : "by the presentSingleAsMulti setting";
  return `shown as ${TYPE_WORDS[presented.presented]} (asked as ${TYPE_WORDS[presented.requested]}; ${who})`;
}
