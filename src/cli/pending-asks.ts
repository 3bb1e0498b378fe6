import {
  type Ask,
  clipCodePoints,
  LIMITS,
  neutraliseInline,
  validateAskInput,
} from "../core/index.ts";
import type { ServerInfo } from "../remote/discovery.ts";
import { programUserApi } from "../remote/program-user-api.ts";

/** A pending ask as `askuser answer` lists it. */
export interface PendingAsk {
  readonly id: string;
  readonly agent: string;
  readonly cwd: string;
  readonly title?: string;
  readonly createdAt: string;
  readonly headers: readonly string[];
}

/** The asks still waiting, oldest first, as the server lists them. */
export async function pendingAsks(info: ServerInfo): Promise<readonly PendingAsk[]> {
  const asks = await programUserApi(info, "answer-cli").listAsks();
  return asks.flatMap((ask): PendingAsk[] =>
    ask.state === "pending"
      ? [
          {
            id: ask.id,
            agent: ask.agent,
            cwd: ask.cwd,
            ...(ask.title === undefined ? {} : { title: ask.title }),
            createdAt: new Date(ask.createdAt).toISOString(),
            headers: ask.headers,
          },
        ]
      : [],
  );
}

/** "42 s", "5 min", "3 h": how long an ask has waited. */
function ageOf(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000));
  if (!Number.isFinite(seconds)) return "?";
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** The list as aligned text; every field is from an agent, so each is one safe line. */
export function pendingTable(asks: readonly PendingAsk[], now: number): string {
  const rows = [
    ["id", "agent", "age", "cwd", "questions"],
    ...asks.map((ask) => [
      ask.id,
      clipCodePoints(ask.agent, 20),
      ageOf(ask.createdAt, now),
      clipCodePoints(ask.cwd, 40),
      clipCodePoints(ask.headers.join(", "), 60),
    ]),
  ].map((row) => row.map((cell) => neutraliseInline(cell)));
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return `${rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd(widths?.[column] ?? 0),
        )
        .join("  "),
    )
    .join("\n")}\n`;
}

/**
 * A question that picks one pending ask, shown in the terminal form itself: the newest asks
 * (the form offers at most eight options), labelled by their headers.
 */
export function pickerAsk(
  asks: readonly PendingAsk[],
  now: number,
): { readonly ask: Ask; readonly byLabel: ReadonlyMap<string, PendingAsk> } {
  const shown = asks.slice(-LIMITS.maxOptions).reverse();
  const options = shown.map((ask, index) => {
    return {
      label: clipCodePoints(`${index + 1}. ${ask.headers.join(", ")}`, LIMITS.labelMax),
      description: clipCodePoints(
        `${ask.agent}${ask.title ? ` (${ask.title})` : ""} in ${ask.cwd}, waiting ${ageOf(ask.createdAt, now)}`,
        LIMITS.descriptionMax,
      ),
    };
  });
  const validation = validateAskInput({
    questions: [
      {
        id: "ask",
        header: "Ask",
        question: `Which ask do you want to answer? (${asks.length} waiting)`,
        options,
      },
    ],
  });
  if (validation.ok) return { ask: validation.ask, byLabel: labelled(validation.ask, shown) };
  // Headers that collide once shortened: number the options alone.
  const plain = shown.map((ask, index) => ({ ask, label: `Ask ${index + 1}` }));
  const fallback = validateAskInput({
    questions: [
      {
        id: "ask",
        header: "Ask",
        question: `Which ask do you want to answer? (${asks.length} waiting)`,
        options: plain.map(({ ask, label }) => ({
          label,
          description: clipCodePoints(
            `${ask.headers.join(", ")}: ${ask.agent} in ${ask.cwd}`,
            LIMITS.descriptionMax,
          ),
        })),
      },
    ],
  });
  if (!fallback.ok) throw new Error("askuser: the picker question is invalid");
  return { ask: fallback.ask, byLabel: labelled(fallback.ask, shown) };
}

/** Each option's label, as validation normalised it, to the ask it stands for. */
function labelled(picker: Ask, shown: readonly PendingAsk[]): ReadonlyMap<string, PendingAsk> {
  const byLabel = new Map<string, PendingAsk>();
  picker.questions[0]?.options.forEach((option, index) => {
    const ask = shown[index];
    if (ask) byLabel.set(option.label, ask);
  });
  return byLabel;
}
