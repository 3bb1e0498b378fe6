import { truncateToWidth } from "@earendil-works/pi-tui";
import type { FormState, Notice } from "../../core/index.ts";
import type { FormKeymap } from "../keymap/keymap.ts";
import type { FormTheme } from "../theme.ts";
import { allKeysLabel, keyLabel } from "./hints.ts";
import { widthOf } from "./measure.ts";
import { safeInline } from "./safe-text.ts";
import { wrapLine } from "./wrap.ts";

const SEPARATOR = " · ";

/** Hint items joined with " · ", wrapped between items so no hint is split across lines. */
export function renderHints(
  items: readonly string[],
  width: number,
  theme: FormTheme,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const all = packHints(items, width, theme);
  if (all.length <= maxLines) return all;
  // Too short a terminal for every hint: moving, choosing and cancelling stay, then the others in
  // their order while they fit, so the options keep the rows they need to be seen.
  const kept = new Set([items[0], items[1], items.find((item) => item.includes("cancel"))]);
  for (const item of items) {
    if (kept.has(item)) continue;
    const tried = items.filter((i) => kept.has(i) || i === item);
    if (packHints(tried, width, theme).length <= maxLines) kept.add(item);
  }
  return packHints(
    items.filter((item) => kept.has(item)),
    width,
    theme,
  );
}

function packHints(items: readonly string[], width: number, theme: FormTheme): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const candidate = line ? line + SEPARATOR + item : item;
    if (line && widthOf(candidate) > width) {
      lines.push(line);
      line = item;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.flatMap((l) => wrapLine(l, width)).map(theme.dim);
}

export const ARMING_CUE = "Just opened: keys typed now are not answers";
/**
 * Once text was typed ahead, no text key answers until a key that types nothing (see
 * `src/core/input-guard.ts`): from the moment such a key would act, the cue names one, or the
 * user could not find the way in.
 */
export const TYPING_CUE = "Typed text is kept, not an answer: press ↑ or ↓ to answer";
/** The end of the text typed ahead that the cue shows; all of it is kept. */
const HELD_SHOWN = 40;

/**
 * What the hint line says while the input guard holds keys, in exactly `height` lines (the hints'
 * height, so the layout does not move when the hints come back).
 */
export function renderArmingCue(
  typedAhead: string,
  height: number,
  width: number,
  theme: FormTheme,
  ready = false,
): string[] {
  const recent = Array.from(typedAhead).slice(-HELD_SHOWN).join("");
  const held = typedAhead.trim() ? ` · kept: "${safeInline(recent)}"` : "";
  const lines = wrapLine(`${held && ready ? TYPING_CUE : ARMING_CUE}${held}`, width);
  const shown = lines.slice(0, Math.max(1, height));
  const last = shown.length - 1;
  if (lines.length > shown.length && shown[last] !== undefined) {
    shown[last] = truncateToWidth(`${shown[last]} …`, width, "…");
  }
  while (shown.length < height) shown.push("");
  return shown.map(theme.warning);
}

/** A message the reducer left for the user, in words that name the key to press. */
export function renderNotice(
  state: FormState,
  notice: Notice,
  keymap: FormKeymap,
  width: number,
  theme: FormTheme,
): string[] {
  let text: string;
  if (notice.kind === "select_first") {
    const toggle = keyLabel(keymap, "list", ["toggle"]);
    text = `Select at least one option first${toggle ? ` (${toggle} toggles)` : ""}.`;
  } else if (notice.kind === "confirm_single_select") {
    const again = keyLabel(keymap, "list", ["switchType"]) ?? "the switch key";
    const dropped =
      notice.dropped === 1 ? "1 other choice is" : `${notice.dropped} other choices are`;
    text = `Single-select keeps only "${safeInline(notice.keep)}"; ${dropped} dropped (typed text is kept). Press ${again} again to switch.`;
  } else {
    const headers = notice.unanswered.map((id) => {
      const question = state.ask.questions.find((q) => q.id === id);
      return safeInline(question?.header ?? id);
    });
    const again = keyLabel(keymap, "submit", ["activate"]) ?? "submit";
    const count = headers.length === 1 ? "1 question has" : `${headers.length} questions have`;
    text = `${count} no answer: ${headers.join(", ")}. Press ${again} again to submit anyway.`;
  }
  return wrapLine(text, width).map(theme.warning);
}

/**
 * The cancel confirmation, drawn as a box where the footer was, so the form stays visible above
 * it: the user sees what a cancel would leave behind.
 */
export function renderCancelBox(
  keymap: FormKeymap,
  width: number,
  theme: FormTheme,
  cancelSendsAnswers: boolean,
  anyAnswered = true,
): string[] {
  const boxWidth = Math.min(width, 64);
  const inner = boxWidth - 4;
  const confirm =
    allKeysLabel(keymap, "confirmCancel", "confirmCancel") ??
    keyLabel(keymap, "confirmCancel", ["cancelNow"]) ??
    "cancel";
  const body = [
    ...wrapLine(
      !cancelSendsAnswers
        ? "Cancel these questions? Nothing is sent; earlier answers stand."
        : anyAnswered
          ? "Cancel these questions? Answers given so far are sent with the cancel."
          : "Cancel these questions? No question is answered yet, so no answer is sent.",
      inner,
    ),
    ...wrapLine(`${confirm}: cancel · any other key: back to the form`, inner),
  ];
  const top = theme.warning(`╭${"─".repeat(boxWidth - 2)}╮`);
  const bottom = theme.warning(`╰${"─".repeat(boxWidth - 2)}╯`);
  const side = theme.warning("│");
  const rows = body.map((line) => {
    const pad = " ".repeat(Math.max(0, inner - widthOf(line)));
    return `${side} ${theme.bold(line)}${pad} ${side}`;
  });
  return [top, ...rows, bottom];
}
