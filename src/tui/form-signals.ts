import type { CancelOrigin } from "../core/index.ts";

/** The process events the standalone form listens to; `process` in real use. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

/**
 * What each signal means for the form. The user's own Ctrl+C arrives as a key in raw mode; a
 * SIGINT from elsewhere is still an interrupt on the user's behalf. SIGTERM and SIGHUP end the
 * form without the user choosing to.
 */
export const SIGNAL_ORIGINS: ReadonlyArray<readonly [NodeJS.Signals, CancelOrigin]> = [
  ["SIGINT", "user"],
  ["SIGTERM", "session_closed"],
  ["SIGHUP", "disconnected"],
];
