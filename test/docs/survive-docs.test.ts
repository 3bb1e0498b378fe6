import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  detailsFromForm,
  type LaterOccasion,
  laterAnswerText,
  PENDING_TEXT,
  pendingEndedNote,
} from "../../src/core/index.ts";
import { pendingWidgetLines } from "../../src/pi/survive/widget.ts";
import { askOf } from "../support/asks.ts";
import { A, play } from "../support/form.ts";
import { ROOT } from "../support/run-cli.ts";

const DATABASE = {
  questions: [
    {
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
};
const TWO = {
  questions: [
    { header: "Cache", question: "Which cache?", options: [{ label: "Redis" }, { label: "None" }] },
    { header: "Queue", question: "Which queue?", options: [{ label: "SQS" }, { label: "None" }] },
  ],
};
const postgres = detailsFromForm(play(DATABASE, [A.enter]));
const sqlite = detailsFromForm(play(DATABASE, [A.down, A.enter]));
const closedEmpty = detailsFromForm(play(DATABASE, [A.esc]));
const later = (occasion: LaterOccasion, details = postgres) => laterAnswerText(details, occasion);

const doc = readFileSync(`${ROOT}docs/survive.md`, "utf8");
const fence = (text: string) => `\`\`\`text\n${text}\n\`\`\``;
const indentedFence = (text: string) =>
  ["```text", ...text.split("\n"), "```"].map((line) => `  ${line}`).join("\n");

describe("docs/survive.md quotes the exact texts", () => {
  it.each([
    ["pending result", fence(PENDING_TEXT)],
    ["pending answer", fence(later("pending"))],
    ["replay", fence(later("replay", sqlite))],
    ["restart", indentedFence(later("restart"))],
    ["ended without an answer", indentedFence(pendingEndedNote(closedEmpty) ?? "")],
    ["widget", fence(pendingWidgetLines([askOf(DATABASE), askOf(TWO)], "alt+a")?.join("\n") ?? "")],
  ])("%s", (_name, quoted) => {
    expect(doc).toContain(quoted);
  });
});
