import type { KeymapChecker } from "../../settings/keymap-checker.ts";
import type { KeyOverrides } from "../../settings/settings.ts";
import { DEFAULT_KEYMAP, type FormKeymap, KEY_CONTEXTS } from "../../tui/keymap/keymap.ts";
import { mergeKeymap } from "../../tui/keymap/validate-keymap.ts";

/**
 * The terminal form's own key rules (key names pi-tui knows, one command per key in a context,
 * a way forward and a way out), applied to one context at a time so a bad override costs only
 * its context.
 */
export const formKeymapChecker: KeymapChecker = {
  contexts: KEY_CONTEXTS,
  problems(context, bindings) {
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
