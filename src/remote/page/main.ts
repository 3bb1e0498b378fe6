import { App } from "./app.ts";
import type { DraftStore } from "./saved-form.ts";
import { SESSION_STORAGE_KEY, splitSessionFragment, useSessionKey } from "./session-key.ts";

/** Storage that always works: a browser that refuses localStorage only loses the reload fallback. */
function draftStore(): DraftStore {
  try {
    const storage = window.localStorage;
    storage.getItem("askuser:probe");
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
      key: (index) => [...memory.keys()][index] ?? null,
      get length() {
        return memory.size;
      },
    };
  }
}

/**
 * Takes the session key out of the address, where the redirect put it, into storage: the address
 * bar and the history entry keep only the rest of the fragment. Without one there, the stored key.
 */
function adoptSessionKey(store: DraftStore): void {
  const { key, rest } = splitSessionFragment(location.hash);
  if (key === undefined) {
    useSessionKey(store.getItem(SESSION_STORAGE_KEY) ?? undefined);
    return;
  }
  history.replaceState(null, "", `${location.pathname}${rest}`);
  useSessionKey(key);
  try {
    store.setItem(SESSION_STORAGE_KEY, key);
  } catch {
    // Storage full or refused: this tab stays signed in until it is reloaded.
  }
}

const store = draftStore();
adoptSessionKey(store);
const root = document.getElementById("app");
if (root) void new App(root, store).start();
