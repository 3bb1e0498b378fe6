/**
 * The page draws itself anew on every change (a render replaces the whole tree), so the element
 * the user had focused is gone after it, unless it is the one kept across renders (the editor,
 * which keeps its text and selection). What is kept is how to find the same control in the new
 * tree: its tag, id, role and data attributes (the views give every control these), and its
 * place among its look-alikes.
 */
export interface KeptFocus {
  readonly key: string;
  readonly nth: number;
  /** In a part of the page whose controls change meaning with what it shows (`scoped` said so). */
  readonly scoped: boolean;
}

/** Where focus is inside `root` now; undefined when it is not there. */
export function noteFocus(
  root: HTMLElement,
  scoped: (element: HTMLElement) => boolean,
): KeptFocus | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return undefined;
  const key = focusKey(active);
  const nth = lookAlikes(root, key).indexOf(active);
  return nth < 0 ? undefined : { key, nth, scoped: scoped(active) };
}

/**
 * Focuses the control `kept` names in the new tree, without scrolling; returns false when the
 * new tree has no such control (it went with the change: a submitted form's button).
 */
export function restoreFocus(root: HTMLElement, kept: KeptFocus): boolean {
  const target = lookAlikes(root, kept.key)[kept.nth];
  if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  return target !== undefined;
}

function lookAlikes(root: HTMLElement, key: string): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>("button, textarea, input, select, a, [tabindex]"),
  ].filter((element) => focusKey(element) === key);
}

/** What names a control across renders; what a render changes (class, aria-selected) is left out. */
function focusKey(element: HTMLElement): string {
  const data = Object.entries(element.dataset).sort().join();
  // A control with neither id nor data is told apart by what it says.
  const text = element.id || data ? "" : element.textContent;
  return `${element.tagName} ${element.id} ${element.getAttribute("role")} ${data} ${text}`;
}
