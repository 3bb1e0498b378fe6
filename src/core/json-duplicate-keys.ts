import { fieldPath } from "./validation-issue.ts";

/** A key given twice in one object, and the path of that object (undefined: the top level). */
export interface DuplicateKey {
  readonly key: string;
  readonly path: string | undefined;
}

type Frame =
  | { readonly kind: "object"; readonly path: string | undefined; keys: Set<string>; key?: string }
  | { readonly kind: "array"; readonly path: string | undefined; index: number };

/**
 * The first object member whose key repeats an earlier one of the same object. JSON.parse keeps
 * the last silently, so a file could say two things and be read as one. `text` must already
 * have parsed as JSON; the scan is iterative, so any depth is safe.
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    const top = stack.at(-1);
    if (char === "{" || char === "[") {
      const path = top === undefined ? undefined : childPath(top);
      stack.push(
        char === "{"
          ? { kind: "object", path, keys: new Set() }
          : { kind: "array", path, index: 0 },
      );
      at += 1;
    } else if (char === "}" || char === "]") {
      stack.pop();
      at += 1;
    } else if (char === ",") {
      if (top?.kind === "array") top.index += 1;
      else if (top?.kind === "object") top.key = undefined;
      at += 1;
    } else if (char === '"') {
      const end = stringEnd(text, at);
      if (top?.kind === "object" && top.key === undefined) {
        const quoted = text.slice(at, end);
        const key = quoted.includes("\\") ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
        if (top.keys.has(key)) return { key, path: top.path };
        top.keys.add(key);
        top.key = key;
      }
      at = end;
    } else at += 1;
  }
  return undefined;
}

function childPath(frame: Frame): string {
  if (frame.kind === "array") return `${frame.path ?? ""}[${frame.index}]`;
  return fieldPath(frame.path, frame.key ?? "");
}

/** The index just past the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}
