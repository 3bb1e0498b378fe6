import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { HighlightedList } from "../../../src/pi/settings/menu-select.ts";

const theme = { fg: (_color: string, text: string) => text, bold: (text: string) => text };
const KEYS: Record<string, string> = {
  "tui.select.up": "\x1b[A",
  "tui.select.down": "\x1b[B",
  "tui.select.confirm": "\r",
  "tui.select.cancel": "\x1b",
};
const keybindings = { matches: (data: string, id: string) => KEYS[id] === data };

function list(options: string[], highlight: number) {
  const picked: (string | undefined)[] = [];
  const component = new HighlightedList(
    "askuser settings",
    options,
    highlight,
    theme as never,
    keybindings as never,
    (choice) => picked.push(choice),
  );
  return { component, picked };
}

describe("the /askuser menu list", () => {
  it("opens on the given row and picks it with Enter", () => {
    const { component, picked } = list(["Idle timeout", "Bell", "Reset"], 2);
    expect(component.render(40).filter((line) => line.includes("→"))).toEqual([" → Reset"]);
    component.handleInput("\r");
    expect(picked).toEqual(["Reset"]);
  });

  it("moves without wrapping, and Esc closes with nothing picked", () => {
    const { component, picked } = list(["A", "B"], 0);
    component.handleInput("\x1b[A");
    expect(component.highlighted).toBe(0);
    component.handleInput("\x1b[B");
    component.handleInput("\x1b[B");
    expect(component.highlighted).toBe(1);
    component.handleInput("\x1b");
    expect(picked).toEqual([undefined]);
  });

  it("clamps a highlight past the end, and keeps every line within the width", () => {
    const options = Array.from(
      { length: 14 },
      (_, index) => `Setting number ${index + 1} with a long label`,
    );
    const { component } = list(options, 99);
    expect(component.highlighted).toBe(13);
    const lines = component.render(24);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(24);
    expect(lines.some((line) => line.includes("(14/14)"))).toBe(true);
  });
});
