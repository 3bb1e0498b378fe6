import type { Component, TUI } from "@earendil-works/pi-tui";

/** How deep a dialog may sit inside one of the TUI's top-level children (Pi: one container). */
const SEARCH_DEPTH = 4;

/**
 * The terminal rows Pi keeps for its own UI, at `width`, while `dialog` stands in its editor's
 * place: what the form must leave free so that nothing of it, and nothing of Pi's, is cut.
 *
 * Pi 1.6 mounts its transcript first, then pending messages, status, widgets above, the editor
 * (where an inline dialog goes), widgets below and the footer. Fullscreen docks everything after
 * the transcript at the bottom and shrinks all of it, the footer and the dialog alike, when the
 * dock is too tall; the transcript keeps one row. The regular screen lets what is above the dialog
 * scroll into the scrollback, but what is below it must fit under it. The rows are measured by
 * rendering those components, so a taller footer, a status line or a widget is counted too.
 */
export function hostRows(tui: TUI, dialog: Component, width: number): number {
  // A host without pi-tui's component tree (a test double, say) keeps no rows the form can see.
  const children: readonly Component[] = Array.isArray(tui.children) ? tui.children : [];
  const holder = children.findIndex((child) => holds(child, dialog, 0));
  if (holder < 0) return 0;
  const fullscreen = tui.mode === "fullscreen" && holder > 0;
  const kept = fullscreen
    ? children.filter((_, index) => index !== 0 && index !== holder)
    : children.slice(holder + 1);
  let rows = fullscreen ? 1 : 0;
  for (const child of kept) rows += child.render(width).length;
  return rows;
}

function holds(component: Component, target: Component, depth: number): boolean {
  if (component === target) return true;
  if (depth >= SEARCH_DEPTH) return false;
  const children = (component as { readonly children?: unknown }).children;
  return (
    Array.isArray(children) && children.some((child: Component) => holds(child, target, depth + 1))
  );
}
