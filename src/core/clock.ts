/**
 * The time and timers that the form's input guard and the settings' idle timeout need, as a port
 * a test can fake. Only the type lives in the core; the system clock is a surface's
 * (src/tui/clock.ts), because the core never reads the time itself.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
