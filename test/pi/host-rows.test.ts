import type { Component, TUI } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { hostRows } from "../../src/pi/host-rows.ts";

const block = (rows: number): Component => ({
  render: (width) => Array.from({ length: rows }, () => "x".repeat(Math.min(width, 3))),
  invalidate() {},
});
const holding = (child: Component): Component & { children: Component[] } => ({
  children: [child],
  render: () => [],
  invalidate() {},
});

/** Pi 1.6's mount order: transcript, pending, status, widgets above, editor, widgets below, footer. */
function piLike(mode: "fullscreen" | "regular", dialog: Component): TUI {
  const children = [block(50), block(1), block(2), block(0), holding(dialog), block(1), block(2)];
  return { mode, children } as unknown as TUI;
}

describe("hostRows: the rows Pi keeps while the form stands in for its editor", () => {
  const dialog = block(10);

  it("fullscreen: everything docked below the transcript, and the transcript's one row", () => {
    expect(hostRows(piLike("fullscreen", dialog), dialog, 80)).toBe(1 + 1 + 2 + 0 + 1 + 2);
  });

  it("regular: only what is below the form; what is above scrolls away", () => {
    expect(hostRows(piLike("regular", dialog), dialog, 80)).toBe(1 + 2);
  });

  it("none when the form is not mounted, or the host has no component tree", () => {
    expect(hostRows(piLike("fullscreen", block(1)), dialog, 80)).toBe(0);
    expect(hostRows({ terminal: { rows: 24 } } as unknown as TUI, dialog, 80)).toBe(0);
  });
});
