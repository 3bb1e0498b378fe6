import { ApiError, userApi } from "../user-client.ts";
import { sessionHeaders } from "./session-key.ts";

export {
  ApiError,
  type AskRecord,
  type AskSummary,
  type Resolution,
  type SendOutcome,
} from "../user-client.ts";

/**
 * The user API as the page calls it: same origin, with the session key on every request (the
 * browser sets Origin on the posts).
 */
const api = userApi({
  baseUrl: "",
  headers: sessionHeaders,
  signedOut:
    "this browser is not signed in to the answer server: a page link works once, so open a new one (askuser answer --link prints it)",
});

export const { listAsks, getAsk, postProgress, postAnswer, postCancel } = api;

/** The server refused this browser's session (none, or one from before it restarted). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
