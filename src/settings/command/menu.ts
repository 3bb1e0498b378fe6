import type { BooleanSettingId } from "../settings.ts";
import { rowText, type SettingRow } from "./settings-rows.ts";

export const RESET_LABEL = "Reset to defaults…";
export const RESET_CONFIRM_LABEL = "Reset to defaults: select again to confirm (a backup is kept)";

/** What a choice in the `/askuser` menu asks for. */
type MenuIntent =
  | { readonly kind: "close" }
  | { readonly kind: "toggle"; readonly id: BooleanSettingId }
  | { readonly kind: "armReset" }
  | { readonly kind: "reset" }
  | { readonly kind: "explain"; readonly row: SettingRow };

export interface Menu {
  readonly options: string[];
  readonly intentOf: (choice: string | undefined) => MenuIntent;
  /** The row of `options` that `choice` is, to highlight again when the menu reopens. */
  readonly rowOf: (choice: string | undefined) => number | undefined;
}

/**
 * The menu for the current settings. A reset takes two selections: the first only changes its
 * row into a confirmation, so a stray Enter cannot wipe the file.
 */
export function buildMenu(rows: readonly SettingRow[], resetArmed: boolean): Menu {
  const labelWidth = Math.max(...rows.map((row) => row.label.length));
  const valueWidth = Math.max(...rows.map((row) => row.value.length));
  const lines = rows.map((row) => rowText(row, labelWidth, valueWidth));
  const resetLine = resetArmed ? RESET_CONFIRM_LABEL : RESET_LABEL;
  return {
    options: [...lines, resetLine],
    rowOf(choice) {
      if (choice === undefined) return undefined;
      if (choice === resetLine) return lines.length;
      const row = lines.indexOf(choice);
      return row < 0 ? undefined : row;
    },
    intentOf(choice) {
      if (choice === undefined) return { kind: "close" };
      if (choice === resetLine) return resetArmed ? { kind: "reset" } : { kind: "armReset" };
      const row = rows[lines.indexOf(choice)];
      if (!row) return { kind: "close" };
      return row.toggle ? { kind: "toggle", id: row.toggle } : { kind: "explain", row };
    },
  };
}
