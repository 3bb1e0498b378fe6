import { jsonForDisplay } from "../core/index.ts";

/** One JSON record on its own line, with every character a terminal acts on escaped. */
export function jsonLine(value: unknown): string {
  return `${jsonForDisplay(value)}\n`;
}
