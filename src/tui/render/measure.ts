import { visibleWidth } from "@earendil-works/pi-tui";
import { Memo } from "./memo.ts";

const widths = new Memo<number>(8192);

/**
 * pi-tui's visibleWidth, remembered per string: most lines of a frame are the same strings as in
 * the frame before, and measuring them is the largest cost of a keystroke.
 */
export function widthOf(text: string): number {
  return widths.get(text, () => visibleWidth(text));
}
