import type { IdleDeadline } from "./ask-options.ts";

/** What Pi's dialogs take: an abort signal, and the deadline Pi enforces and tells the client. */
export interface DialogOptions {
  readonly signal?: AbortSignal;
  /** Milliseconds until Pi closes the dialog itself; sent to the RPC client as `timeout`. */
  readonly timeout?: number;
}

/** The two dialogs of Pi's UI context the RPC fallback uses; Pi forwards them to the RPC client. */
export interface DialogPort {
  select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
  input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
  /**
   * Whether the client showing the dialogs went away. An abort that comes with it is the lost
   * client's doing, not the agent's turn being stopped.
   */
  clientGone?(): boolean;
}

/**
 * Pi's dialogs as a port. In RPC mode the client speaks to Pi over Pi's stdin: once that has
 * ended the client is gone (Pi then shuts down, which aborts the turn).
 */
export function piDialogs(ui: Pick<DialogPort, "select" | "input">): DialogPort {
  return {
    select: (title, options, opts) => ui.select(title, options, opts),
    input: (title, placeholder, opts) => ui.input(title, placeholder, opts),
    clientGone: () => process.stdin.readableEnded,
  };
}

/**
 * The dialogs under an idle deadline. Each carries Pi's `timeout` (the idle time left), so Pi
 * closes it at the deadline and the client can show it; an answered dialog is activity, and a
 * dialog closed at the deadline (by Pi or by a client honouring it) is the timeout, not the
 * user's cancel.
 */
export function withIdleDeadline(port: DialogPort, idle: IdleDeadline | undefined): DialogPort {
  if (!idle) return port;
  const settle = <T>(reply: T): T => {
    if (reply !== undefined) idle.touch();
    else idle.expireIfDue();
    return reply;
  };
  return {
    select: async (title, options, opts) =>
      settle(await port.select(title, options, { ...opts, timeout: idle.remainingMs })),
    input: async (title, placeholder, opts) =>
      settle(await port.input(title, placeholder, { ...opts, timeout: idle.remainingMs })),
    clientGone: () => port.clientGone?.() ?? false,
  };
}
