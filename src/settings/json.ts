import { clipCodePoints } from "../core/index.ts";

/** How many code points of a value a message shows, the ellipsis included. */
const SHOWN_MAX = 60;

/** A parsed JSON object, before anything is known about its fields. */
export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How a value reads in a message: strings quoted, objects and lists named, the rest as JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list (${clipCodePoints(JSON.stringify(value), SHOWN_MAX)})`;
  if (typeof value === "object")
    return `an object (${clipCodePoints(JSON.stringify(value), SHOWN_MAX)})`;
  if (typeof value === "string") return clipCodePoints(JSON.stringify(value), SHOWN_MAX);
  return `${typeof value} ${String(value)}`;
}
