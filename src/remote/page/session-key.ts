/**
 * The page's session key: the server gives it in the redirect's fragment (`#…&session=<key>`),
 * and the page sends it in the `Askuser-Session` header of every request. It is kept in this
 * origin's localStorage, so a reload and the browser's other tabs on this page stay signed in,
 * while no other port of this host can read it (a cookie would be sent to all of them). Any
 * website can send the browser to this page with a fragment of its choosing, so a key from the
 * address is adopted only once the server has accepted it.
 */

export const SESSION_STORAGE_KEY = "askuser:session";
const FRAGMENT_KEY = "session";
export const SESSION_HEADER = "askuser-session";

let current: string | undefined;

/** The key a fragment carries, and the fragment without it (what the address should keep). */
function splitSessionFragment(hash: string): { key?: string; rest: string } {
  const fragment = new URLSearchParams(hash.replace(/^#/u, ""));
  const key = fragment.get(FRAGMENT_KEY);
  fragment.delete(FRAGMENT_KEY);
  const rest = fragment.toString();
  return { ...(key === null || key === "" ? {} : { key }), rest: rest === "" ? "" : `#${rest}` };
}

function useSessionKey(key: string | undefined): void {
  current = key;
}

/** What adopting a key needs: the address, storage, and the server's word on a key. */
export interface SessionKeyPorts {
  readonly hash: string;
  /** Replaces the address's fragment (the key leaves the address bar and the history). */
  readonly setHash: (rest: string) => void;
  readonly stored: () => string | undefined;
  readonly store: (key: string) => void;
  /** "accepted" or "refused" as the server answered a request signed with `key`, else "unknown". */
  readonly check: (key: string) => Promise<"accepted" | "refused" | "unknown">;
}

/**
 * The key this page signs in with: the address's key once the server accepts it (then stored
 * too), else the stored one. A key the server could not be asked about serves this tab only, so
 * a reload falls back to the stored key; a key it refused (a junk link) changes nothing.
 */
export async function adoptSessionKey(ports: SessionKeyPorts): Promise<void> {
  const { key, rest } = splitSessionFragment(ports.hash);
  if (key === undefined) {
    useSessionKey(ports.stored());
    return;
  }
  ports.setHash(rest);
  const verdict = await ports.check(key);
  if (verdict === "refused") {
    useSessionKey(ports.stored());
    return;
  }
  useSessionKey(key);
  if (verdict === "accepted") ports.store(key);
}

/** The header that signs a request in, when the page has a key. */
export function sessionHeaders(): Record<string, string> {
  return current === undefined ? {} : { [SESSION_HEADER]: current };
}
