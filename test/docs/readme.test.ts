import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type AskInput,
  cancelledBeforeOpenDetails,
  detailsFromForm,
  formatAnswerLine,
  invalidDetails,
  modelText,
  pendingDetails,
  unavailableDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { askOf } from "../support/asks.ts";
import { A, play } from "../support/form.ts";
import { ROOT } from "../support/run-cli.ts";

/** The README quotes the model texts for this form; this keeps every quote true. */
const FORM: AskInput = {
  questions: [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      options: [{ label: "Postgres (Recommended)" }, { label: "SQLite" }],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features?",
      multiSelect: true,
      allowComment: true,
      options: [{ label: "Auth" }, { label: "Search" }, { label: "Export" }],
    },
  ],
};

const readme = readFileSync(`${ROOT}README.md`, "utf8");
const fence = (text: string) => `\`\`\`text\n${text}\n\`\`\``;
const invalid = validateAskInput({
  questions: [{ question: "Cache?", options: [{ label: "Redis" }, { label: "Other" }] }],
});

const texts: Record<string, string> = {
  answered: modelText(
    detailsFromForm(
      play(FORM, [
        A.enter,
        A.space,
        A.down,
        A.space,
        A.enter,
        A.type("search can wait a week"),
        A.save,
        A.enter,
      ]),
    ),
  ),
  skipped: modelText(detailsFromForm(play(FORM, [A.enter, A.tab, A.enter, A.enter]))),
  "user cancel": modelText(detailsFromForm(play(FORM, [A.esc]))),
  "partial cancel": modelText(detailsFromForm(play(FORM, [A.enter, A.esc, A.esc]))),
  "ui failure": modelText(
    detailsFromForm(
      play(FORM, [
        A.enter,
        { type: "end", resolution: { kind: "cancelled", origin: "ui_failure" } },
      ]),
    ),
  ),
  timeout: modelText(detailsFromForm(play(FORM, [A.enter, A.timeout]))),
  ...Object.fromEntries(
    (["turn_abort", "session_closed", "disabled", "disconnected"] as const).map((origin) => [
      origin,
      modelText(cancelledBeforeOpenDetails(askOf(FORM), origin)),
    ]),
  ),
  unavailable: modelText(unavailableDetails(askOf(FORM))),
  "user away": modelText(unavailableDetails(askOf(FORM), "user_away")),
  pending: modelText(pendingDetails(askOf(FORM))),
  "asked back": modelText(
    detailsFromForm(play(FORM, [A.enter, A.askBack, A.type("Does Export include CSV?"), A.save])),
  ),
  reshaped: modelText(
    detailsFromForm(
      play(FORM, [
        A.switchType,
        A.space,
        A.down,
        A.space,
        A.enter,
        A.space,
        A.enter,
        A.save,
        A.enter,
      ]),
    ),
  ),
  invalid: invalid.ok ? "" : modelText(invalidDetails(invalid.issues)),
};

describe("README", () => {
  it.each(Object.entries(texts))("quotes the exact model text: %s", (_name, text) => {
    expect(text.length).toBeGreaterThan(0);
    expect(readme).toContain(fence(text));
  });

  it("quotes the exact answer lines of its JSON-list example", () => {
    const [features] = askOf(FORM).questions.slice(1);
    const protocol = { ...askOf(FORM).questions[0]!, question: "Which protocol?" };
    const lines = [
      formatAnswerLine(protocol, { selected: [], other: "JSON-RPC, then REST" }),
      formatAnswerLine(features!, {
        selected: ["Auth"],
        other: 'Search "lite"',
        comment: "search can wait a week",
      }),
    ];
    expect(readme).toContain(fence(lines.join("\n")));
  });
});
