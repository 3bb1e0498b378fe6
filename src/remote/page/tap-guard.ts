/**
 * A tap counts only where the user aimed it. The page is re-rendered whole, so a control is
 * known by what it is (its data attributes and its text), not by its element; its place is its
 * box. Two rules:
 *
 * - a click counts only when the press began on the same control at the same place: a reflow
 *   between finger down and finger up (a notice, a new ask, the keyboard opening) must not turn
 *   the tap into another control's click;
 * - the verdict is given as the finger lifts, not at the click: when the pressed control was
 *   drawn again (every render replaces it) the browser sends no click at all, or one to a
 *   container, and the user must still be told the tap was not taken;
 * - the moment each control last moved is known, so a tap on one that had just moved, and would
 *   act at once (send a one-question ask), can ask to be confirmed first.
 */

/** Viewport box of a press, and page box (with the scroll) for telling a reflow from a scroll. */
interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Controls moving by less than this are the same place (sub-pixel layout, zoom rounding). */
const SAME_PLACE_PX = 2;

export interface TapGuardPorts {
  readonly now: () => number;
  /** A click was dropped: the control under it was not the one pressed, or it had moved. */
  readonly refused: () => void;
}

interface Press {
  readonly control: HTMLButtonElement;
  readonly key: string;
  readonly box: Box;
}

export class TapGuard {
  private press: Press | undefined;
  /** The press that just ended was refused (and said so): its click, if one comes, is dropped. */
  private refusedPress = false;
  private placed = new Map<string, { readonly box: Box; readonly movedAt: number }>();
  /** When each control on the page now last moved. */
  private movedAt = new WeakMap<Element, number>();
  private tapped: { readonly movedAt: number } | undefined;
  private readonly ports: TapGuardPorts;

  constructor(ports: TapGuardPorts) {
    this.ports = ports;
  }

  /** Listens on the document, before any control's own listener (capture phase). */
  install(document: Document): void {
    document.addEventListener("pointerdown", (event) => this.onPress(event), true);
    document.addEventListener("pointerup", (event) => this.onLift(event), true);
    // A press the browser took back (a scroll began, the touch left the page) ends in no click.
    document.addEventListener(
      "pointercancel",
      (event) => {
        if (event.isPrimary) this.press = undefined;
      },
      true,
    );
    document.addEventListener("click", (event) => this.onClick(event), true);
    // After every control's own listener: the click is over.
    document.addEventListener("click", () => {
      this.tapped = undefined;
    });
  }

  /**
   * While a click made with a pointer (not a key, not a script) is being handled: when the
   * control it landed on last moved, by the page's clock. Otherwise undefined.
   */
  get tapOnControlMovedAt(): number | undefined {
    return this.tapped?.movedAt;
  }

  /** Call after every render and resize: records where each control is, and whether one moved. */
  notePlaces(root: ParentNode, scroll: { x: number; y: number }): void {
    const placed = new Map<string, { readonly box: Box; readonly movedAt: number }>();
    const now = this.ports.now();
    for (const control of root.querySelectorAll<HTMLElement>("button")) {
      // Two controls alike (the same words, no data to tell them apart) are told by their order.
      let key = keyOf(control);
      for (let twin = 2; placed.has(key); twin += 1) key = `${keyOf(control)}#${twin}`;
      const box = offset(boxOf(control), scroll);
      if (box.width === 0 && box.height === 0) continue;
      const before = this.placed.get(key);
      const movedAt =
        before === undefined
          ? Number.NEGATIVE_INFINITY
          : samePlace(before.box, box)
            ? before.movedAt
            : now;
      placed.set(key, { box, movedAt });
      this.movedAt.set(control, movedAt);
    }
    this.placed = placed;
  }

  private onPress(event: PointerEvent): void {
    // A second finger neither starts a tap nor cancels the first one's.
    if (!event.isPrimary) return;
    this.refusedPress = false;
    const control = controlOf(event.target);
    this.press = control ? { control, key: keyOf(control), box: boxOf(control) } : undefined;
  }

  /**
   * The finger lifts: a pressed control that is gone (drawn again, removed) or has moved is a
   * refused tap, said now, since its click may never come. One still in place waits for its
   * click; a finger that slid off it onto something else is the user's own doing, not the page's.
   */
  private onLift(event: PointerEvent): void {
    if (!event.isPrimary) return;
    const press = this.press;
    if (!press || stillInPlace(press)) return;
    this.press = undefined;
    this.refusedPress = true;
    this.ports.refused();
  }

  private onClick(event: MouseEvent): void {
    // A key's click (Enter, Space) and a script's have no press; they aim by focus, not place.
    if (event.detail === 0) return;
    const press = this.press;
    this.press = undefined;
    if (this.refusedPress) {
      // Already said as the finger lifted; whatever this click landed on, it is not taken.
      this.refusedPress = false;
      drop(event);
      return;
    }
    const control = controlOf(event.target);
    if (!control) return;
    if (press && press.control === control && stillInPlace(press)) {
      this.tapped = { movedAt: this.movedAt.get(control) ?? Number.NEGATIVE_INFINITY };
      return;
    }
    drop(event);
    this.ports.refused();
  }
}

/** The pressed control is still on the page, as the same control, where it was pressed. */
function stillInPlace(press: Press): boolean {
  const { control } = press;
  return (
    control.isConnected && keyOf(control) === press.key && samePlace(press.box, boxOf(control))
  );
}

/** No control's listener sees the event, and it does nothing by default. */
function drop(event: Event): void {
  event.preventDefault();
  event.stopImmediatePropagation();
}

function controlOf(target: EventTarget | null): HTMLButtonElement | undefined {
  if (!(target instanceof Element)) return undefined;
  return target.closest("button") ?? undefined;
}

/** What a control is, the same across renders: its data attributes and its text. */
function keyOf(control: HTMLElement): string {
  const data = Object.entries(control.dataset)
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return `${data}|${control.textContent ?? ""}`;
}

function boxOf(element: Element): Box {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
}

function offset(box: Box, scroll: { x: number; y: number }): Box {
  return { ...box, left: box.left + scroll.x, top: box.top + scroll.y };
}

function samePlace(a: Box, b: Box): boolean {
  return (
    Math.abs(a.left - b.left) < SAME_PLACE_PX &&
    Math.abs(a.top - b.top) < SAME_PLACE_PX &&
    Math.abs(a.width - b.width) < SAME_PLACE_PX &&
    Math.abs(a.height - b.height) < SAME_PLACE_PX
  );
}
