import { type Ask, type FormAction, type FormState, reduceForm } from "../../core/index.ts";
import { h } from "./dom.ts";

/** A tap this soon after the options moved may have been aimed at where they were. */
export const AFTER_MOVE_MS = 1000;

/**
 * What the cue line above the ask says: a tap was held (the ask just appeared), a tap was
 * dropped (the page moved under it), or a tap that would send needs a second one (the options
 * had just moved).
 */
export type Cue =
  | { readonly kind: "held" }
  | { readonly kind: "moved" }
  | { readonly kind: "confirm"; readonly row: number; readonly label: string };

/**
 * Always there while the ask can be answered, its height fixed: a cue or a problem that comes
 * and goes never moves the options under a finger.
 */
export function cueLine(
  cue: Cue | undefined,
  now: number,
  heldUntil: number,
  problem: string | undefined,
  ask: Ask,
): HTMLElement {
  const shown = cue?.kind === "held" && now >= heldUntil ? undefined : cue;
  if (!shown && problem !== undefined) {
    // The page's problem (the server out of reach) is said here too: a banner above would move
    // the options.
    return h(
      "p",
      { class: "cue shown problem", attrs: { role: "alert", title: problem } },
      problem,
    );
  }
  return h(
    "p",
    { class: shown ? "cue shown" : "cue muted", attrs: { role: "status" } },
    shown ? cueText(shown) : whatSends(ask),
  );
}

/** With nothing to say, the line says when answers leave: on a one-tap ask, a tap sends. */
function whatSends(ask: Ask): string {
  const [only, ...more] = ask.questions;
  if (only && more.length === 0 && !only.multiSelect) {
    return "A tap on an option sends it to the agent at once.";
  }
  return "Nothing reaches the agent until you submit.";
}

function cueText(cue: Cue): string {
  switch (cue.kind) {
    case "held":
      return "Just opened: that was held, so nothing meant for the page before answers.";
    case "moved":
      return "That tap was not taken: the page moved under it. Tap again.";
    case "confirm":
      return `The options had just moved: tap “${cue.label}” again to send it.`;
  }
}

/** The option row a click's actions pick, when they pick one. */
export function highlightedBy(actions: readonly FormAction[]): number | undefined {
  for (const action of actions) if (action.type === "highlight") return action.index;
  return undefined;
}

/** Whether the actions would end the form with an answer: one tap that sends. */
export function wouldSend(state: FormState, actions: readonly FormAction[]): boolean {
  let next = state;
  for (const action of actions) next = reduceForm(next, action);
  return next.resolution?.kind === "submitted";
}
