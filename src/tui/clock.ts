import type { Clock } from "../core/index.ts";

/** The real time and timers, for the form and for the settings' idle timeout the hosts wire up. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
