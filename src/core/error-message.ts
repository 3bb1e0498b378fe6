/**
 * The message of anything a `catch` can receive: an Error's message, else the value as text.
 * Raw: a caller that shows it neutralises it first, as every text leaving askuser is.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
