/**
 * When keys may act on a form. A form that appears while the user is typing elsewhere must not
 * take those keys as answers: a space typed into the agent's editor would otherwise pick the
 * highlighted option. Modelled on the browsers' guards for permission prompts (Chromium's input
 * event activation protector, Firefox's dialog enable delay):
 *
 * - a form nobody has seen yet holds every key;
 * - from the first paint the user can see, keys are held for `delayMs`;
 * - each key held extends the wait to `delayMs` after it, so a user still typing a sentence is not
 *   suddenly answering; the extensions stop at `EXTENSION_CAP` delays after the paint, so a user
 *   pressing keys without pause is never locked out;
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

/** However much typing extends the guard, it ends this many delays after the paint. */
export const EXTENSION_CAP = 10;

export type InputGuard =
  /** Not painted yet, or off the screen: no key can have been meant for the form. */
  | { readonly phase: "unseen" }
  | { readonly phase: "arming"; readonly armsAt: number; readonly capAt: number }
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

/** What a key arriving at `now` may do, and the guard after it. */
export function guardKey(guard: InputGuard, now: number, delayMs: number): KeyVerdict {
  if (!(delayMs > 0)) return { guard: ARMED, held: false };
  switch (guard.phase) {
    case "unseen":
      return { guard, held: true };
    case "armed":
      return { guard, held: false };
    case "arming": {
      if (now >= guard.armsAt) return { guard: ARMED, held: false };
      const armsAt = Math.min(guard.capAt, Math.max(guard.armsAt, now + delayMs));
      return { guard: armsAt === guard.armsAt ? guard : { ...guard, armsAt }, held: true };
    }
  }
}

/** The guard as time alone leaves it: an arming guard whose wait has passed is armed. */
export function guardAt(guard: InputGuard, now: number): InputGuard {
  return guard.phase === "arming" && now >= guard.armsAt ? ARMED : guard;
}

/** Whether keys arriving now would be held: what the form's "arming" cue shows. */
export function isArming(guard: InputGuard, now: number): boolean {
  return guard.phase === "unseen" || (guard.phase === "arming" && now < guard.armsAt);
}

/**
 * The environment variable that sets the guard for the standalone form (which reads no settings
 * file) and overrides the setting in Pi, as a command-line switch would: "0" turns it off.
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
