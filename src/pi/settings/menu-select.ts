import type {
  ExtensionUIContext,
  KeybindingsManager,
  Theme,
} from "@earendil-works/pi-coding-agent";
import { type Component, truncateToWidth } from "@earendil-works/pi-tui";

/** How many rows show at once; the window follows the highlight. */
const VISIBLE_ROWS = 10;

/**
 * Pi's select dialog always opens on its first row. The `/askuser` menu reopens after every
 * action, and must reopen on the row acted on, so in the terminal UI it is this list instead:
 * the same look (title, arrow on the highlighted row, key hints) opened on `highlight`.
 * Enter picks, Esc or Ctrl+C closes (undefined).
 */
export function selectWithHighlight(
  ui: Pick<ExtensionUIContext, "custom">,
  title: string,
  options: readonly string[],
  highlight: number,
): Promise<string | undefined> {
  return ui.custom<string | undefined>(
    (_tui, theme, keybindings, done) =>
      new HighlightedList(title, options, highlight, theme, keybindings, done),
  );
}

export class HighlightedList implements Component {
  readonly #title: string;
  readonly #options: readonly string[];
  readonly #theme: Pick<Theme, "fg" | "bold">;
  readonly #keys: Pick<KeybindingsManager, "matches">;
  readonly #done: (choice: string | undefined) => void;
  #index: number;

  constructor(
    title: string,
    options: readonly string[],
    highlight: number,
    theme: Pick<Theme, "fg" | "bold">,
    keybindings: Pick<KeybindingsManager, "matches">,
    done: (choice: string | undefined) => void,
  ) {
    this.#title = title;
    this.#options = options;
    this.#theme = theme;
    this.#keys = keybindings;
    this.#done = done;
    this.#index = Math.min(Math.max(0, highlight), Math.max(0, options.length - 1));
  }

  get highlighted(): number {
    return this.#index;
  }

  handleInput(data: string): void {
    const keys = this.#keys;
    if (keys.matches(data, "tui.select.up") || data === "k") {
      this.#index = Math.max(0, this.#index - 1);
    } else if (keys.matches(data, "tui.select.down") || data === "j") {
      this.#index = Math.min(this.#options.length - 1, this.#index + 1);
    } else if (keys.matches(data, "tui.select.confirm")) {
      this.#done(this.#options[this.#index]);
    } else if (keys.matches(data, "tui.select.cancel")) {
      this.#done(undefined);
    }
  }

  render(width: number): readonly string[] {
    const theme = this.#theme;
    const fit = (line: string) => truncateToWidth(line, width);
    const border = theme.fg("border", "─".repeat(Math.max(0, width)));
    const start = Math.max(
      0,
      Math.min(this.#index - Math.floor(VISIBLE_ROWS / 2), this.#options.length - VISIBLE_ROWS),
    );
    const end = Math.min(start + VISIBLE_ROWS, this.#options.length);
    const rows: string[] = [];
    for (let index = start; index < end; index++) {
      const option = this.#options[index] ?? "";
      rows.push(
        index === this.#index
          ? ` ${theme.fg("accent", `→ ${option}`)}`
          : `   ${theme.fg("text", option)}`,
      );
    }
    if (start > 0 || end < this.#options.length) {
      rows.push(theme.fg("muted", `   (${this.#index + 1}/${this.#options.length})`));
    }
    return [
      border,
      "",
      ...this.#title.split("\n").map((line) => ` ${theme.fg("accent", theme.bold(line))}`),
      "",
      ...rows,
      "",
      ` ${theme.fg("dim", "↑↓ navigate  enter select  esc cancel")}`,
      "",
      border,
    ].map(fit);
  }

  invalidate(): void {}
}
