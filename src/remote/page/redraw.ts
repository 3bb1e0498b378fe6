/**
 * Puts a freshly drawn page in place of the one shown. The columns (the list of asks and the
 * open ask's view, where every answering control is) stay the very elements shown when the new
 * drawing of them is the same: a browser sends no click for a press whose element was replaced,
 * so a redraw that changes nothing the user can act on (the stream going live, the same list
 * read again) must not cost the tap of a finger that is down. Any real change draws them anew,
 * and the tap guard refuses a press on a control that was replaced or moved.
 *
 * `sameHandlers`: the new drawing's listeners act as the shown one's do (the same open ask, the
 * same "next" ask); equal markup alone does not say that.
 */
export function redraw(root: HTMLElement, next: HTMLElement, sameHandlers: boolean): void {
  const shown = root.firstElementChild;
  const shownColumns = shown?.querySelector(":scope > .columns");
  const nextColumns = next.querySelector(":scope > .columns");
  const same =
    sameHandlers &&
    shown instanceof HTMLElement &&
    shownColumns !== null &&
    shownColumns !== undefined &&
    nextColumns !== null &&
    shownColumns.isEqualNode(nextColumns);
  if (!same) {
    root.replaceChildren(next);
    return;
  }
  // The header and any notice above the columns take the new drawing; a notice that appears
  // moves the columns, which the tap guard sees by their place.
  shown.className = next.className;
  for (const child of [...shown.children]) if (child !== shownColumns) child.remove();
  for (const child of [...next.children]) {
    if (child === nextColumns) break;
    shown.insertBefore(child, shownColumns);
  }
}
