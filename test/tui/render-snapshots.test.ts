import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { KeyName } from "./support/keys.ts";
import { PICK_ONE } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

const WIDTHS = [40, 60, 84, 120, 200] as const;

type Session = (form: ReturnType<typeof renderForm>) => void;
const press =
  (...keys: KeyName[]): Session =>
  (form) =>
    form.press(...keys);

/** Representative moments of the demo, each reached with keys as a user would. */
const STATES: ReadonlyArray<readonly [string, Session]> = [
  ["first question, first option highlighted", press()],
  ["Other row highlighted", press("up")],
  [
    "Other editor with two lines typed",
    (form) => {
      form.press("4");
      form.type("Postgres, but");
      form.press("shift+enter");
      form.type("with a read replica");
    },
  ],
  ["multi-select with two options toggled", press("1", "1", "3", "down")],
  [
    "note editor open after confirming",
    (form) => {
      form.press("1", "2", "enter");
      form.type("refunds matter most");
    },
  ],
  [
    "Submit tab after a first submit with an unanswered question",
    press("1", "shift+tab", "shift+tab", "enter"),
  ],
  ["cancel confirmation over a touched form", press("2", "escape")],
];

describe("render snapshots (identity theme, 40 rows)", () => {
  for (const [name, session] of STATES) {
    for (const width of WIDTHS) {
      it(`${name} at ${width} columns`, () => {
        const form = renderForm(DEMO_PAYLOAD, { width, rows: 40 });
        session(form);
        for (const line of form.lines(width)) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
        expect(form.frame(width).cutLines).toBe(0);
        expect(form.screen(width)).toMatchSnapshot();
      });
    }
  }

  it("a single question has no tab bar and no Submit tab", () => {
    expect(renderForm(PICK_ONE, { width: 60 }).screen()).toMatchInlineSnapshot(`
      "────────────────────────────────────────────────────────────
      Which runtime?

      ❯ 1. ○ Node
        2. ○ Deno
        3. ○ Bun
        4. ○ Other
             Type your own answer

      ↑/k ↓/j move · enter select · 1-4 pick row · esc cancel
      t multi-select · ? ask back"
    `);
  });
});
