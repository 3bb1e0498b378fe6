/** A parsed JSON object, before anything is known about its fields. */
export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How a value reads in a message: strings quoted, objects and lists named, the rest as JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list (${truncate(JSON.stringify(value))})`;
  if (typeof value === "object") return `an object (${truncate(JSON.stringify(value))})`;
  if (typeof value === "string") return truncate(JSON.stringify(value));
  return `${typeof value} ${String(value)}`;
}

function truncate(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
