import { neutraliseInline, neutraliseMultiline, truncateCodePoints } from "../core/index.ts";
import type { Turn } from "../transcripts/model.ts";
import type { LogFormat } from "./log-args.ts";
import { jsonLine } from "./log-json.ts";
import { formatTime, type LogTheme } from "./log-style.ts";

const SHOWN_CHARACTERS = 400;

const REASONS: Readonly<Record<Turn["reason"], string>> = {
  "user-message": "user message",
  answer: "answer",
  rejection: "rejection with a message",
};

/** The turns of a file in the chosen format; text shows the start of each opening message. */
export function turnsOutput(
  turns: readonly Turn[],
  format: LogFormat,
  theme: LogTheme,
  timeZone: string | undefined,
): string {
  if (format === "json") return turns.map((turn) => jsonLine(turn)).join("");
  if (format === "markdown") {
    const items = turns.map((turn) => {
      const head = `${turn.index}. **${reason(turn)}** — ${formatTime(turn.time, timeZone)}, line ${turn.line}`;
      const body = neutraliseMultiline(turn.text)
        .split("\n")
        .map(
          (line) => `   > ${neutraliseInline(line).replace(/[\\`*_[\]<>|~#]/gu, (c) => `\\${c}`)}`,
        );
      return [head, ...body].join("\n");
    });
    return `# Turns\n\n${items.join("\n\n")}\n`;
  }
  return turns
    .map((turn) => {
      const head = `${String(turn.index).padStart(4)}  ${theme.strong(formatTime(turn.time, timeZone))}  ${reason(turn)}  ${theme.dim(`line ${turn.line}`)}`;
      const text = truncateCodePoints(neutraliseMultiline(turn.text.trim()), SHOWN_CHARACTERS);
      const body = text.split("\n").map((line) => `      ${line}`);
      return [head, ...body].join("\n");
    })
    .join("\n")
    .concat(turns.length > 0 ? "\n" : "");
}

function reason(turn: Turn): string {
  return turn.tool
    ? `${REASONS[turn.reason]} (${neutraliseInline(turn.tool)})`
    : REASONS[turn.reason];
}
