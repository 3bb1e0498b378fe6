import type { AskInput } from "../src/core/index.ts";

/** 40 lines of this width stay just under the 4,000-character preview limit. */
const PREVIEW_LINE = 95;

function previewLine(option: number, line: number): string {
  const text = `${option + 1}.${String(line + 1).padStart(2, "0")}  config_${line} = "value_${line * option}"  # why`;
  return text.padEnd(PREVIEW_LINE, ".");
}

/**
 * The largest form the schema allows in shape: 4 questions of 8 options, each with a 40-line
 * preview of about 3,800 characters (the limit is 4,000).
 */
export function largestPayload(): AskInput {
  const headers = ["Database", "Cache", "Queue", "Deploy"];
  return {
    questions: headers.map((header, q) => ({
      header,
      question: `Which ${header.toLowerCase()} should the service use for question ${q + 1}?`,
      context: `Context for ${header}: the service handles about ${(q + 1) * 1000} requests a second.`,
      multiSelect: q % 2 === 1,
      allowComment: q === 3,
      options: Array.from({ length: 8 }, (_, o) => ({
        label: `${header} choice ${o + 1}`,
        description: `Trade-offs of ${header.toLowerCase()} choice ${o + 1}, in one sentence or two.`,
        preview: Array.from({ length: 40 }, (_, line) => previewLine(o, line)).join("\n"),
      })),
    })),
  };
}
