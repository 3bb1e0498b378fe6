import { INPUT_LIMITS } from "./limits.ts";
import { fieldPath, shortenEcho, type ValidationIssue } from "./validation-issue.ts";

/** One array or object being walked: its keys (undefined for an array) and the next to visit. */
interface Frame {
  readonly container: object;
  readonly keys: readonly string[] | undefined;
  next: number;
  /** The key or index this container has in its parent; undefined at the top level. */
  readonly via: string | number | undefined;
}

/**
 * The path of the first array or object nested deeper than `maxDepth` (the top level is depth 1),
 * or undefined when the value stays within it. Iterative, with one frame per level, so any depth
 * or width is safe to check: it must run before anything recursive (messages, schema checks,
 * cloning) touches untrusted input. `root` names the top level in the path ("answers");
 * undefined leaves it unnamed.
 */
export function findTooDeep(
  value: unknown,
  root: string | undefined,
  maxDepth: number = INPUT_LIMITS.maxDepth,
): string | undefined {
  if (!isContainer(value)) return undefined;
  const stack: Frame[] = [frameOf(value, undefined)];
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const size = top.keys ? top.keys.length : (top.container as readonly unknown[]).length;
    if (top.next >= size) {
      stack.pop();
      continue;
    }
    const key = top.keys ? (top.keys[top.next] ?? "") : top.next;
    top.next += 1;
    const child: unknown = (top.container as Record<string | number, unknown>)[key];
    if (!isContainer(child)) continue;
    if (stack.length + 1 > maxDepth) {
      return pathOf([...stack.slice(1).map((frame) => frame.via), key], root);
    }
    stack.push(frameOf(child, key));
  }
  return undefined;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function frameOf(container: object, via: string | number | undefined): Frame {
  return {
    container,
    keys: Array.isArray(container) ? undefined : Object.keys(container),
    next: 0,
    via,
  };
}

function pathOf(keys: readonly (string | number | undefined)[], root: string | undefined): string {
  let path = root;
  for (const key of keys) {
    if (key === undefined) continue;
    path = typeof key === "number" ? `${path ?? ""}[${key}]` : fieldPath(path, key);
  }
  return path ?? root ?? "(top level)";
}

/**
 * Too deep to describe or walk safely: the one issue reported, before any other check. Its fix
 * shows the shape of what was sent: an ask, or answers to one (named by `answers`, the first
 * question's id and label).
 */
export function tooDeepIssue(
  path: string,
  answers?: { readonly id: string; readonly label: string },
): ValidationIssue {
  const limit = `nests arrays and objects more than ${INPUT_LIMITS.maxDepth} deep`;
  if (answers) {
    const key = JSON.stringify(answers.id);
    const value = JSON.stringify(answers.label);
    return {
      path: shortenEcho(path),
      problem: `${limit}; a valid answers file needs 3`,
      fix: `answer with plain values: {${key}: ${value}} or {${key}: {"selected": [${value}], "other": "...", "comment": "..."}}`,
    };
  }
  return {
    path: shortenEcho(path),
    problem: `${limit}; a valid ask needs 5`,
    fix: 'send plain values: {"questions": [{"question": "...", "options": [{"label": "A"}, {"label": "B"}]}]}',
  };
}
