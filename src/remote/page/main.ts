import { App } from "./app.ts";
import type { DraftStore } from "./saved-form.ts";

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

const root = document.getElementById("app");
if (root) void new App(root, draftStore()).start();
