/** A style is a function from text to styled text; it must not change the text's visible width. */
type Style = (text: string) => string;

/**
 * The form's styles, injected so the render stays a pure function: inside Pi they come from Pi's
 * theme, standalone from a small ANSI theme, in tests from `identityTheme`.
 */
export interface FormTheme {
  readonly accent: Style;
  readonly border: Style;
  readonly success: Style;
  readonly error: Style;
  readonly warning: Style;
  readonly muted: Style;
  readonly dim: Style;
  readonly text: Style;
  /** The highlighted element's background: the active tab, the focused button. */
  readonly selected: Style;
  readonly bold: Style;
}

const same: Style = (text) => text;

/** Every style leaves text as it is: snapshots read as plain text. */
export const identityTheme: FormTheme = {
  accent: same,
  border: same,
  success: same,
  error: same,
  warning: same,
  muted: same,
  dim: same,
  text: same,
  selected: same,
  bold: same,
};

/** The part of Pi's `Theme` the form uses; Pi's class satisfies it structurally. */
export interface PiThemeLike {
  fg(
    color: "accent" | "border" | "success" | "error" | "warning" | "muted" | "dim" | "text",
    text: string,
  ): string;
  bg(color: "selectedBg", text: string): string;
  bold(text: string): string;
}

export function themeFromPi(theme: PiThemeLike): FormTheme {
  return {
    accent: (text) => theme.fg("accent", text),
    border: (text) => theme.fg("border", text),
    success: (text) => theme.fg("success", text),
    error: (text) => theme.fg("error", text),
    warning: (text) => theme.fg("warning", text),
    muted: (text) => theme.fg("muted", text),
    dim: (text) => theme.fg("dim", text),
    text: (text) => theme.fg("text", text),
    selected: (text) => theme.bg("selectedBg", text),
    bold: (text) => theme.bold(text),
  };
}

/** Each SGR style closes with its own reset, so styles nest without cancelling each other. */
function sgr(open: number, close: number): Style {
  return (text) => (text.length === 0 ? text : `\x1b[${open}m${text}\x1b[${close}m`);
}

/**
 * The standalone theme: the 16 basic colours every terminal has. `NO_COLOR` (any non-empty value,
 * see no-color.org) removes the colours and keeps bold, faint and inverse, which carry no colour;
 * `TERM=dumb` removes every style.
 */
export function defaultAnsiTheme(env: Readonly<Record<string, string | undefined>>): FormTheme {
  if (env.TERM === "dumb") return identityTheme;
  const bold = sgr(1, 22);
  const dim = sgr(2, 22);
  const selected = sgr(7, 27);
  if (env.NO_COLOR) {
    return { ...identityTheme, bold, dim, muted: dim, selected };
  }
  return {
    accent: sgr(36, 39),
    border: sgr(90, 39),
    success: sgr(32, 39),
    error: sgr(31, 39),
    warning: sgr(33, 39),
    muted: sgr(90, 39),
    dim,
    text: same,
    selected,
    bold,
  };
}
