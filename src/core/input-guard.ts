/**
 * When keys may act on a form. A form that appears while the user is typing elsewhere must not
 * take those keys as answers: a space typed into the agent's editor would otherwise pick the
 * highlighted option. Modelled on the browsers' guards for permission prompts (Chromium's input
 * event activation protector, Firefox's dialog enable delay):
 *
 * - a form nobody has seen yet holds every key;
 * - from the first paint the user can see, keys are held for `delayMs`;
 * - each key held extends the wait to `delayMs` after it, up to `EXTENSION_CAP` delays after the
 *   paint, so a user pressing keys that act (Enter, arrows) without pause is never locked out;
 * - a held key that types text means the user is typing a sentence meant for somewhere else, and
 *   a space, a letter or a digit in it would pick an option. From then on no key that types text
 *   acts, however long the user pauses mid-sentence (a pause is no sign of having read the form):
 *   only a key that does not type (an arrow, Tab, Enter, Esc), pressed `TYPING_HOLD` delays or
 *   more after the last text, turns the user to the form. Those keys are rarely typed
 *   mid-sentence, and a slow typist cannot reach one by pausing;
 * - text typed into the form's own open editor was meant for the form: it extends nothing;
 * - the wait starts again whenever the form regains the screen.
 *
 * Pure: time is a number the caller reads from its clock, so tests move time by hand.
 */

export const INPUT_GUARD_LIMITS = {
  /** Long enough to notice that something new appeared; shorter than a deliberate first key. */
  defaultMs: 600,
  /** A setting above this is lowered to it: a longer guard only gets in the way. */
  maxMs: 5000,
} as const;

/** However much keys that act extend the guard, it ends this many delays after the paint. */
export const EXTENSION_CAP = 10;

/** After the last text typed ahead, a key that does not type is held this many delays longer. */
export const TYPING_HOLD = 2;

export type InputGuard =
  /** Not painted yet, or off the screen: no key can have been meant for the form. */
  | { readonly phase: "unseen" }
  | { readonly phase: "arming"; readonly armsAt: number; readonly capAt: number }
  /** Text was typed ahead: text keys stay held; a non-text key from `quietAt` on arms. */
  | { readonly phase: "typing"; readonly quietAt: number }
  | { readonly phase: "armed" };

export const UNSEEN_GUARD: InputGuard = { phase: "unseen" };
const ARMED: InputGuard = { phase: "armed" };

/** The form was painted where the user can see it (first paint, or back on the screen). */
export function guardShown(now: number, delayMs: number): InputGuard {
  if (!(delayMs > 0)) return ARMED;
  return { phase: "arming", armsAt: now + delayMs, capAt: now + delayMs * EXTENSION_CAP };
}

export interface KeyVerdict {
  readonly guard: InputGuard;
  /** True when the key must not act on the form: it arrived before a person could have read it. */
  readonly held: boolean;
}

/**
 * What a held key says about the user: `command`, a key that would act (it extends the wait, up to
 * the cap); `text`, text typed for somewhere else (it extends it further, past the cap); `draft`,
 * text typed into the form's own open editor, meant for the form (it extends nothing).
 */
export type HeldKind = "command" | "text" | "draft";

/** What a key of `kind` arriving at `now` may do, and the guard after it. */
export function guardKey(
  guard: InputGuard,
  now: number,
  delayMs: number,
  kind: HeldKind = "command",
): KeyVerdict {
  if (!(delayMs > 0)) return { guard: ARMED, held: false };
  switch (guard.phase) {
    case "unseen":
      return { guard, held: true };
    case "armed":
      return { guard, held: false };
    case "arming": {
      if (kind === "text") return { guard: typingUntil(now, delayMs), held: true };
      if (now >= guard.armsAt) return { guard: ARMED, held: false };
      const until = kind === "command" ? Math.min(guard.capAt, now + delayMs) : now;
      const armsAt = Math.max(guard.armsAt, until);
      return { guard: armsAt === guard.armsAt ? guard : { ...guard, armsAt }, held: true };
    }
    case "typing": {
      if (kind === "text") return { guard: typingUntil(now, delayMs), held: true };
      if (now >= guard.quietAt) return { guard: ARMED, held: false };
      if (kind === "draft") return { guard, held: true };
      // Enter at the end of the sentence, then Enter again: the second is still part of it.
      const quietAt = Math.max(guard.quietAt, now + delayMs);
      return { guard: { phase: "typing", quietAt }, held: true };
    }
  }
}

function typingUntil(now: number, delayMs: number): InputGuard {
  return { phase: "typing", quietAt: now + delayMs * TYPING_HOLD };
}

/** The guard as time alone leaves it: an arming guard whose wait has passed is armed. */
export function guardAt(guard: InputGuard, now: number): InputGuard {
  return guard.phase === "arming" && now >= guard.armsAt ? ARMED : guard;
}

/** Whether keys arriving now would be held: what the form's "arming" cue shows. */
export function isArming(guard: InputGuard, now: number): boolean {
  return (
    guard.phase === "unseen" ||
    guard.phase === "typing" ||
    (guard.phase === "arming" && now < guard.armsAt)
  );
}

/**
 * The environment variable that overrides the `inputGuardMs` setting in every surface, as a
 * command-line switch would: "0" turns the guard off.
 */
export const INPUT_GUARD_ENV = "ASKUSER_INPUT_GUARD_MS";

/**
 * A guard delay from text (an environment variable), or undefined when the text is not a
 * whole number of milliseconds from 0 to the maximum.
 */
export function parseGuardMs(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value <= INPUT_GUARD_LIMITS.maxMs ? value : undefined;
}
