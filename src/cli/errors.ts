/** Exit codes, in one place: README "Exit codes" documents the same table. */
export const EXIT = {
  /** The user answered (also when they skipped some questions). */
  answered: 0,
  /** Not answered: cancelled, timed out, or no one could answer. */
  notAnswered: 1,
  /** askuser log: some files or folders could not be read (named on standard error). */
  unreadable: 1,
  /** Invalid payload, invalid answers file, or a usage error. */
  invalid: 2,
  /** The user asked the agent a question back instead of finishing (it is in the output). */
  askedBack: 3,
  /** Standard output failed (a full disk, an I/O error): the output is incomplete (EX_IOERR). */
  outputFailed: 74,
} as const;

/** The command line itself is wrong: unknown flag, missing argument. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A file the user gave cannot be used: unreadable, not JSON, or not valid for this purpose. */
export class InputError extends Error {
  override readonly name = "InputError";
}
