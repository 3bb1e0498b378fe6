import { App } from "./app.ts";
import type { DraftStore } from "./saved-form.ts";
import {
  adoptSessionKey,
  SESSION_HEADER,
  SESSION_STORAGE_KEY,
  type SessionKeyPorts,
} from "./session-key.ts";

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

/** Whether the server takes `key`: a list request signed with it, and nothing else. */
async function checkKey(key: string): Promise<"accepted" | "refused" | "unknown"> {
  try {
    const response = await fetch("/api/asks", { headers: { [SESSION_HEADER]: key } });
    if (response.ok) return "accepted";
    return response.status === 401 || response.status === 403 ? "refused" : "unknown";
  } catch {
    return "unknown";
  }
}

function sessionPorts(store: DraftStore): SessionKeyPorts {
  return {
    hash: location.hash,
    setHash: (rest) => history.replaceState(null, "", `${location.pathname}${rest}`),
    stored: () => store.getItem(SESSION_STORAGE_KEY) ?? undefined,
    store: (key) => {
      try {
        store.setItem(SESSION_STORAGE_KEY, key);
      } catch {
        // Storage full or refused: this tab stays signed in until it is reloaded.
      }
    },
    check: checkKey,
  };
}

const store = draftStore();
const root = document.getElementById("app");
void adoptSessionKey(sessionPorts(store)).then(() => {
  if (root) void new App(root, store).start();
});
