import { INPUT_LIMITS } from "./limits.ts";
import { fieldPath, shortenEcho, type ValidationIssue } from "./validation-issue.ts";

interface Pending {
  readonly value: object;
  readonly depth: number;
  readonly parent: Pending | undefined;
  readonly key: string | number | undefined;
}

/**
 * The path of the first array or object nested deeper than `maxDepth` (the top level is depth 1),
 * or undefined when the value stays within it. Iterative, so any depth is safe to check: it must
 * run before anything recursive (messages, schema checks, cloning) touches untrusted input.
 * `root` names the top level in the path ("parameters", "answers"); undefined leaves it unnamed.
 */
export function findTooDeep(
  value: unknown,
  root: string | undefined,
  maxDepth: number = INPUT_LIMITS.maxDepth,
): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const stack: Pending[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.depth > maxDepth) return pathOf(next, root);
    const entries: [string | number, unknown][] = Array.isArray(next.value)
      ? next.value.map((child, index) => [index, child])
      : Object.entries(next.value);
    for (const [key, child] of entries) {
      if (typeof child === "object" && child !== null) {
        stack.push({ value: child, depth: next.depth + 1, parent: next, key });
      }
    }
  }
  return undefined;
}

function pathOf(entry: Pending, root: string | undefined): string {
  const keys: (string | number)[] = [];
  for (let at: Pending | undefined = entry; at?.key !== undefined; at = at.parent) {
    keys.push(at.key);
  }
  let path = root;
  for (const key of keys.reverse()) {
    path = typeof key === "number" ? `${path ?? ""}[${key}]` : fieldPath(path, key);
  }
  return path ?? root ?? "(top level)";
}

/** Too deep to describe or walk safely: the one issue reported, before any other check. */
export function tooDeepIssue(path: string): ValidationIssue {
  return {
    path: shortenEcho(path),
    problem: `nests arrays and objects more than ${INPUT_LIMITS.maxDepth} deep; a valid ask needs 5`,
    fix: 'send plain values: {"questions": [{"question": "...", "options": [{"label": "A"}, {"label": "B"}]}]}',
  };
}
