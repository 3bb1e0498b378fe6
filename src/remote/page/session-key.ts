/**
 * The page's session key: the server gives it in the redirect's fragment (`#…&session=<key>`),
 * and the page sends it in the `Askuser-Session` header of every request. main.ts keeps it in
 * this origin's localStorage, so a reload and the browser's other tabs on this page stay signed
 * in, while no other port of this host can read it (a cookie would be sent to all of them).
 */

export const SESSION_STORAGE_KEY = "askuser:session";
const FRAGMENT_KEY = "session";

let current: string | undefined;

/** The key a fragment carries, and the fragment without it (what the address should keep). */
export function splitSessionFragment(hash: string): { key?: string; rest: string } {
  const fragment = new URLSearchParams(hash.replace(/^#/u, ""));
  const key = fragment.get(FRAGMENT_KEY);
  fragment.delete(FRAGMENT_KEY);
  const rest = fragment.toString();
  return { ...(key === null || key === "" ? {} : { key }), rest: rest === "" ? "" : `#${rest}` };
}

export function useSessionKey(key: string | undefined): void {
  current = key;
}

/** The header that signs a request in, when the page has a key. */
export function sessionHeaders(): Record<string, string> {
  return current === undefined ? {} : { "askuser-session": current };
}
