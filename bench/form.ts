/**
 * npm run bench: what one keystroke costs in the askuser form, beside pi-tui's own SelectList
 * over the same options. Figures are printed, never asserted: machines differ.
 *
 * - keystroke: handleInput + render at 200 columns, median and p99 over many presses, for the
 *   largest form with its previews and the same form without them;
 * - bytes per arrow press: what pi-tui's differential renderer (TuiMainScreen) writes to the
 *   terminal, and how many lines it rewrote against how many actually changed.
 */
import { type Component, SelectList, type TUI, TuiMainScreen } from "@earendil-works/pi-tui";
import { type Ask, type AskInput, validateAskInput } from "../src/core/index.ts";
import { AskForm } from "../src/tui/ask-form.ts";
import { defaultAnsiTheme } from "../src/tui/theme.ts";
import { CountingTerminal } from "./counting-terminal.ts";
import { largestPayload } from "./largest-payload.ts";
import { benchOptions } from "./options.ts";

benchOptions("usage: node bench/form.ts   (part of npm run bench; no options)", {});

const WIDTH = 200;
const ROWS = 50;
const DOWN = "\x1b[B";
const UP = "\x1b[A";
const WARMUP = 500;
const PRESSES = 5000;
const DIFF_PRESSES = 200;
/** Each timing runs this many rounds on a fresh component; the table shows the middle round. */
const ROUNDS = 3;

const theme = defaultAnsiTheme({});
const largest = largestPayload();
const withoutPreviews: AskInput = {
  questions: largest.questions.map((question) => ({
    ...question,
    options: question.options.map(({ preview: _preview, ...option }) => option),
  })),
};
const ask = validOrThrow(largest);
const askWithoutPreviews = validOrThrow(withoutPreviews);
const firstQuestion = ask.questions[0];
if (!firstQuestion) throw new Error("the benchmark payload has no question");

function validOrThrow(payload: AskInput): Ask {
  const result = validateAskInput(payload);
  if (!result.ok)
    throw new Error(`the benchmark payload is invalid: ${JSON.stringify(result.issues)}`);
  return result.ask;
}

const fakeTui = { requestRender() {}, terminal: { rows: ROWS, columns: WIDTH } } as unknown as TUI;

function newForm(tui: TUI, which: Ask = ask): AskForm {
  // The guard off: the bench measures what a key does, not a key held back.
  return new AskForm({ ask: which, theme, tui, onDone: () => {}, inputGuardMs: 0 });
}

function newSelectList(): SelectList {
  const items = firstQuestion?.options.map((option) => ({
    value: option.label,
    label: option.label,
    ...(option.description ? { description: option.description } : {}),
  }));
  return new SelectList(items ?? [], items?.length ?? 8, {
    selectedPrefix: theme.accent,
    selectedText: theme.accent,
    description: theme.muted,
    scrollInfo: theme.dim,
    noMatch: theme.dim,
  });
}

/** Arrow presses down through every row, then back up, as a user browsing options would. */
function arrowKey(press: number): string {
  return Math.floor(press / 12) % 2 === 0 ? DOWN : UP;
}

/** A session mixing the form's keys: arrows, toggles, picks, tab changes. */
const MIXED = [DOWN, DOWN, " ", UP, "\t", DOWN, " ", "3", "\x1b[Z", DOWN, "\x1b[6~", "\x1b[5~"];

function timeKeystrokes(component: Component, keyFor: (press: number) => string) {
  for (let press = 0; press < WARMUP; press++) {
    component.handleInput?.(keyFor(press));
    component.render(WIDTH);
  }
  const times: number[] = [];
  for (let press = 0; press < PRESSES; press++) {
    const start = performance.now();
    component.handleInput?.(keyFor(press));
    component.render(WIDTH);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

function diffPerArrow(component: Component) {
  const terminal = new CountingTerminal(WIDTH, ROWS);
  const tui = new TuiMainScreen(terminal);
  tui.addChild(component);
  tui.setFocus(component);
  tui.renderNow();
  const bytes: number[] = [];
  const rewritten: number[] = [];
  const changed: number[] = [];
  let previous = [...component.render(WIDTH)];
  let height = previous.length;
  for (let press = 0; press < DIFF_PRESSES; press++) {
    const beforeBytes = terminal.bytes;
    const beforeLines = terminal.rewrittenLines;
    component.handleInput?.(arrowKey(press));
    tui.renderNow();
    const now = [...component.render(WIDTH)];
    changed.push(countChanged(previous, now));
    height = Math.max(height, now.length);
    previous = now;
    bytes.push(terminal.bytes - beforeBytes);
    rewritten.push(terminal.rewrittenLines - beforeLines);
  }
  tui.stop();
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  return {
    bytes: median(bytes),
    rewritten: median(rewritten),
    changed: median(changed),
    height,
  };
}

function countChanged(before: readonly string[], after: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] !== after[i]) count += 1;
  }
  return count;
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * The machine is shared (other processes preempt this one for milliseconds at a time), so one
 * round's p99 can be noise: each figure is the median over rounds.
 */
function rounds(make: () => Component, keyFor: (press: number) => string) {
  const results = Array.from({ length: ROUNDS }, () => timeKeystrokes(make(), keyFor));
  const middle = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  return {
    median: middle(results.map((r) => r.median)),
    p99: middle(results.map((r) => r.p99)),
  };
}

const formArrows = rounds(() => newForm(fakeTui), arrowKey);
const formMixed = rounds(
  () => newForm(fakeTui),
  (press) => MIXED[press % MIXED.length] ?? DOWN,
);
const listArrows = rounds(newSelectList, arrowKey);
const plainArrows = rounds(() => newForm(fakeTui, askWithoutPreviews), arrowKey);
const formDiff = diffPerArrow(newForm(fakeTui));
const plainDiff = diffPerArrow(newForm(fakeTui, askWithoutPreviews));
const listDiff = diffPerArrow(newSelectList());

const ms = (value: number) => `${value.toFixed(3)} ms`;
type Row = [string, string, string, string];
const rows: Row[] = [
  [
    "keystroke median (arrows)",
    ms(formArrows.median),
    ms(plainArrows.median),
    ms(listArrows.median),
  ],
  ["keystroke p99 (arrows)", ms(formArrows.p99), ms(plainArrows.p99), ms(listArrows.p99)],
  ["keystroke median (mixed keys)", ms(formMixed.median), "-", "-"],
  ["keystroke p99 (mixed keys)", ms(formMixed.p99), "-", "-"],
  [
    "lines on screen (most)",
    String(formDiff.height),
    String(plainDiff.height),
    String(listDiff.height),
  ],
  [
    "bytes written per arrow press",
    String(formDiff.bytes),
    String(plainDiff.bytes),
    String(listDiff.bytes),
  ],
  [
    "lines changed per arrow press",
    String(formDiff.changed),
    String(plainDiff.changed),
    String(listDiff.changed),
  ],
  [
    "lines rewritten per arrow press",
    String(formDiff.rewritten),
    String(plainDiff.rewritten),
    String(listDiff.rewritten),
  ],
];

const header: Row = [
  "(medians unless p99)",
  "form, previews",
  "form, no previews",
  "pi-tui SelectList",
];
const widths = [0, 1, 2, 3].map((column) =>
  Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
);
const line = (row: readonly string[]) =>
  row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
console.log(
  `askuser form benchmark: 4 questions x 8 options, 40-line previews, ${WIDTH} columns x ${ROWS} rows`,
);
console.log(
  `Node ${process.version}; ${PRESSES} timed keystrokes after ${WARMUP} warm-up, median of ${ROUNDS} rounds\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  "\nGoals: median <= 0.2 ms and p99 <= 2 ms per keystroke; an arrow press rewrites only changed lines.",
);
