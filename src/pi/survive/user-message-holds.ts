import { isRecord } from "../../core/index.ts";

/** Whether a user message on the branch carries `text` (an answer sent as a user message). */
export function userMessageHolds(branch: readonly unknown[], text: string): boolean {
  return branch.some((entry) => {
    if (!isRecord(entry) || entry.type !== "message" || !isRecord(entry.message)) return false;
    const { role, content } = entry.message;
    if (role !== "user") return false;
    if (typeof content === "string") return content.includes(text);
    return (
      Array.isArray(content) &&
      content.some(
        (part) => isRecord(part) && typeof part.text === "string" && part.text.includes(text),
      )
    );
  });
}
