import type { Clock } from "../../../src/core/index.ts";
import { systemClock } from "../../../src/tui/clock.ts";

/**
 * A clock for tests that are not about timing: every reading is a second after the one before,
 * as if each key came from a person, long after the last. Keys pressed right after a paste are
 * then keys, not the rest of the paste, which is what such tests mean. Timers run on the system
 * clock; tests about the guard or the paste rule pass their own fake clock instead.
 */
export function personClock(): Clock {
  let now = 0;
  return {
    now: () => {
      now += 1000;
      return now;
    },
    setTimeout: systemClock.setTimeout,
    clearTimeout: systemClock.clearTimeout,
  };
}
