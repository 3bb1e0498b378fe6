import { neutraliseInline, neutraliseMultiline } from "../../core/index.ts";

/**
 * The page's only way to make DOM. Text becomes text nodes (never markup), after the same
 * display-safety rule as the terminal: a bidi control cannot reorder what the user reads, and a
 * control character shows as its stand-in. No inline style is ever set (the CSP forbids it).
 */
export type Child = Node | string | false | null | undefined;

export interface Props {
  readonly class?: string;
  readonly attrs?: Readonly<Record<string, string | boolean | undefined>>;
  readonly on?: {
    readonly [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void;
  };
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === true) element.setAttribute(name, "");
    else if (typeof value === "string") element.setAttribute(name, value);
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) {
    element.addEventListener(type, listener as EventListener);
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** One line of untrusted text, shown as the terminal shows it. */
export function line(text: string): string {
  return neutraliseInline(text);
}

/** Untrusted multi-line text (a preview, a context, a model text): newlines and tabs kept. */
export function block(text: string): string {
  return neutraliseMultiline(text);
}
