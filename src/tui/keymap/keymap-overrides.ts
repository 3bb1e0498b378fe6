import { DEFAULT_KEYMAP, type FormKeymap, KEY_CONTEXTS } from "./keymap.ts";
import { mergeKeymap } from "./validate-keymap.ts";

/** Key overrides as a settings file gives them: context → command → key names. */
export type KeyOverrides = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/**
 * The terminal form's own key rules (key names pi-tui knows, one command per key in a context,
 * a way forward and a way out), applied to one context at a time so a bad override costs only
 * its context. It is what the settings call a KeymapChecker.
 */
export const formKeymapChecker = {
  contexts: KEY_CONTEXTS,
  problems(context: string, bindings: Readonly<Record<string, readonly string[]>>) {
    const result = mergeKeymap({ [context]: bindings });
    return result.ok ? [] : result.problems;
  },
};

/**
 * The table the form uses: the defaults with the overrides settings kept. Each kept context was
 * checked on its own and the contexts do not constrain each other, so the merge cannot fail; if
 * it ever did, the defaults are the safe answer.
 */
export function formKeymap(keys: KeyOverrides): FormKeymap {
  const merged = mergeKeymap(keys);
  return merged.ok ? merged.keymap : DEFAULT_KEYMAP;
}
