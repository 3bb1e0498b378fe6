/**
 * Why a surface could not use the answer server, when the cause is the machine's state rather
 * than a bug: a runtime directory others can write, a file there that is not a plain file of this
 * user, a full disk, an address this machine does not have, a server that is alive but too busy
 * to answer in time. The command line reports it in one line (exit 1); hosts fall back to asking
 * locally.
 */
export type UnavailableReason = "runtime_dir" | "unsafe_file" | "busy" | "start_failed";

export class ServerUnavailable extends Error {
  override readonly name = "ServerUnavailable";
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The system error code of a failed call, or undefined when it is not a system error. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
