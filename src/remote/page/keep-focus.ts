/**
 * The page draws itself anew on every change (a render replaces the whole tree), so the element
 * the user had focused is gone after it. What is kept is how to find the same control in the
 * new tree: its tag, id, role and data attributes (the views give every control these), the
 * same control's place among its look-alikes, and a text field's selection.
 */
export interface KeptFocus {
  readonly key: string;
  readonly nth: number;
  /** In a part of the page whose controls change meaning with what it shows (`scoped` said so). */
  readonly scoped: boolean;
  readonly selection?: {
    readonly start: number;
    readonly end: number;
    readonly direction: "forward" | "backward" | "none";
  };
}

const CONTROLS = "button, textarea, input, select, a[href], [tabindex]";

/** Where focus is inside `root` now; undefined when it is not there. */
export function noteFocus(
  root: HTMLElement,
  scoped: (element: HTMLElement) => boolean,
): KeptFocus | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return undefined;
  const key = focusKey(active);
  const nth = lookAlikes(root, key).indexOf(active);
  if (nth < 0) return undefined;
  const found = { key, nth, scoped: scoped(active) };
  if (!(active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement)) return found;
  const { selectionStart, selectionEnd, selectionDirection } = active;
  if (selectionStart === null || selectionEnd === null) return found;
  return {
    ...found,
    selection: {
      start: selectionStart,
      end: selectionEnd,
      direction: selectionDirection ?? "none",
    },
  };
}

/**
 * Focuses the control `kept` names in the new tree, without scrolling, with its selection when
 * it is a text field; returns false when the new tree has no such control (it went with the
 * change: a submitted form's button, a closed editor).
 */
export function restoreFocus(root: HTMLElement, kept: KeptFocus): boolean {
  const target = lookAlikes(root, kept.key)[kept.nth];
  if (!target) return false;
  if (document.activeElement !== target) target.focus({ preventScroll: true });
  const { selection } = kept;
  if (
    selection &&
    (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) &&
    selection.end <= target.value.length
  ) {
    target.setSelectionRange(selection.start, selection.end, selection.direction);
  }
  return true;
}

function lookAlikes(root: HTMLElement, key: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (element) => focusKey(element) === key,
  );
}

/** What names a control across renders; state that changes with a render (class, aria-selected) is left out. */
function focusKey(element: HTMLElement): string {
  const data = Object.entries(element.dataset)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  const named = element.id !== "" || data.length > 0;
  return [
    element.tagName,
    element.id,
    element.getAttribute("role") ?? "",
    ...data,
    // A control with neither id nor data is told apart by what it says.
    named ? "" : (element.getAttribute("aria-label") ?? element.textContent ?? ""),
  ].join("\u0000");
}
