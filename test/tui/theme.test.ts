import type { Theme } from "@earendil-works/pi-coding-agent";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  defaultAnsiTheme,
  identityTheme,
  type PiThemeLike,
  themeFromPi,
} from "../../src/tui/theme.ts";
import { PICK_MANY } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for SGR colour codes
const COLOUR = /\x1b\[(3[0-9]|9[0-7]|4[0-9]|10[0-7])m/;

describe("the standalone ANSI theme", () => {
  it("colours the form by default", () => {
    const lines = renderForm(PICK_MANY, { theme: defaultAnsiTheme({}) }).lines();
    expect(lines.some((line) => COLOUR.test(line))).toBe(true);
  });

  it("uses no colour at all when NO_COLOR is set, but still marks the highlight", () => {
    const form = renderForm(PICK_MANY, { theme: defaultAnsiTheme({ NO_COLOR: "1" }) });
    form.press("space");
    const lines = form.lines();
    expect(lines.some((line) => COLOUR.test(line))).toBe(false);
    expect(lines.join("\n")).toContain("\x1b[1m");
    expect(form.screen()).toContain("❯ 1. [✓] Lint");
  });

  it("treats an empty NO_COLOR as unset, as no-color.org says", () => {
    expect(defaultAnsiTheme({ NO_COLOR: "" }).accent("x")).toBe("\x1b[36mx\x1b[39m");
  });

  it("uses no escape sequences on a dumb terminal", () => {
    const lines = renderForm(PICK_MANY, { theme: defaultAnsiTheme({ TERM: "dumb" }) }).lines();
    expect(lines.join("\n")).not.toContain("\x1b");
  });

  it("closes each style with its own reset, so nested styles survive", () => {
    const theme = defaultAnsiTheme({});
    expect(theme.accent(theme.bold("x"))).toBe("\x1b[36m\x1b[1mx\x1b[22m\x1b[39m");
  });
});

describe("Pi's theme", () => {
  it("Pi's own Theme class fits the structural type the form asks for", () => {
    // Checked by tsc (npm test runs it): this line fails to compile if Pi's Theme stops fitting.
    expectTypeOf<Theme>().toExtend<PiThemeLike>();
  });

  it("maps each form style to Pi's token of the same name", () => {
    const pi: PiThemeLike = {
      fg: (color, text) => `<${color}>${text}`,
      bg: (color, text) => `[${color}]${text}`,
      bold: (text) => `*${text}*`,
    };
    const theme = themeFromPi(pi);
    const styled = Object.keys(identityTheme).map((name) => theme[name as keyof typeof theme]("t"));
    expect(styled).toEqual([
      "<accent>t",
      "<border>t",
      "<success>t",
      "<error>t",
      "<warning>t",
      "<muted>t",
      "<dim>t",
      "<text>t",
      "[selectedBg]t",
      "*t*",
    ]);
  });
});
