/** What a host's dialogs take: an abort signal, and a deadline the host enforces and shows. */
export interface DialogOptions {
  readonly signal?: AbortSignal;
  /** Milliseconds until the host closes the dialog itself (Pi sends it to an RPC client as `timeout`). */
  readonly timeout?: number;
}

/** The two dialogs the flow needs: a select over rows, and a one-line text input. */
export interface DialogPort {
  select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
  input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
  /**
   * Whether the client showing the dialogs went away. An abort that comes with it is the lost
   * client's doing, not the agent's turn being stopped.
   */
  clientGone?(): boolean;
}

/** The idle deadline as the dialogs see it (the settings' IdleTimer fits). */
export interface DialogDeadline {
  /** Milliseconds left, at least 1. */
  readonly remainingMs: number;
  touch(): void;
  expireIfDue(): void;
}

/**
 * The dialogs under an idle deadline. Each carries the time left as its `timeout`, so the host
 * closes it at the deadline and the client can show it; an answered dialog is activity, and a
 * dialog closed at the deadline (by the host or by a client honouring it) is the timeout, not the
 * user's cancel.
 */
export function withIdleDeadline(port: DialogPort, idle: DialogDeadline | undefined): DialogPort {
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
