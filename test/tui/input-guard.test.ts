import { visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AskInput, EXTENSION_CAP, TYPING_HOLD } from "../../src/core/index.ts";
import { DEFAULT_KEYMAP } from "../../src/tui/keymap/keymap.ts";
import { ARMING_CUE, TYPING_CUE } from "../../src/tui/render/footer.ts";
import { renderFormFrame } from "../../src/tui/render/frame.ts";
import { identityTheme } from "../../src/tui/theme.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { bracketedPaste, type KeyName, keyBytes } from "./support/keys.ts";
import { PICK_MANY, PICK_ONE, PICK_WITH_NOTE, TWO_QUESTIONS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

const DELAY = 600;

/** A form with the guard on and a clock that moves only when the test says so. */
function guarded(payload: AskInput, delay = DELAY, width = 84) {
  const clock = new ManualTimers();
  const form = renderForm(payload, { inputGuardMs: delay, clock, width });
  return { form, clock };
}

/** Types text one key every `gap` ms, as a person typing into the agent's editor would. */
function typeSlowly(target: ReturnType<typeof guarded>, text: string, gap: number): void {
  for (const char of text) {
    target.form.type(char);
    target.clock.advance(gap);
  }
}

describe("input guard: keys typed before the form could be read never answer", () => {
  it("type-ahead never answers: a sentence typed across the form's opening picks nothing and is kept", () => {
    const target = guarded(PICK_ONE);
    target.form.screen(); // first paint
    typeSlowly(target, "add tests for the parser", 120);
    expect(target.form.details).toBeUndefined();
    expect(target.form.state.questions[0]).toMatchObject({ selected: [], highlight: 0 });
    expect(target.form.form.typedAhead).toBe("add tests for the parser");
  });

  it.each<[string, KeyName[]]>([
    ["space", ["space"]],
    ["enter", ["enter"]],
    ["a digit", ["2"]],
    ["j then enter", ["j", "enter"]],
    ["k", ["k"]],
    ["tab", ["tab"]],
    ["escape twice", ["escape", "escape"]],
    ["ctrl+c", ["ctrl+c"]],
    ["down", ["down"]],
  ])("%s right after the first paint does nothing to the form", (_name, keys) => {
    const target = guarded(TWO_QUESTIONS);
    target.form.screen();
    const before = target.form.state;
    target.form.press(...keys);
    expect(target.form.state).toBe(before);
    expect(target.form.doneCount).toBe(0);
  });

  it.each([300, 600, 1000, 1300, 5000])(
    "a slow typist (a key every %d ms) goes on typing a long sentence: nothing answers, all of it is kept",
    (gap) => {
      const target = guarded(PICK_ONE);
      target.form.screen();
      // Longer than the cap at this pace, and holding every key that acts in a list.
      const sentence = "also please add tests for the parser, 2 or 3 of them, joke aside ";
      typeSlowly(target, sentence, gap);
      expect(target.form.details).toBeUndefined();
      expect(target.form.state.questions[0]).toMatchObject({ selected: [], highlight: 0 });
      expect(target.form.form.typedAhead).toBe(sentence);
    },
  );

  it("a typist who stops for twice the delay gets the form: the first key after the pause acts", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    typeSlowly(target, "abc", 500);
    target.clock.advance(2 * DELAY - 500);
    target.form.press("down", "enter");
    expect(target.form.details).toMatchObject({ answers: { q1: { selected: ["Deno"] } } });
  });

  it("a pause mid-sentence never lets the next space pick; the cue says which key answers", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    typeSlowly(target, "run it hourly", 100);
    target.clock.advance(1300);
    target.form.type(" ");
    target.clock.advance(30_000);
    target.form.type(" ");
    expect(target.form.state.questions[0]).toMatchObject({ selected: [], highlight: 0 });
    expect(target.form.details).toBeUndefined();
    expect(target.form.screen(84)).toContain(`${ARMING_CUE} · kept: "run it hourly  "`);
    // From the moment a key that types nothing would act, the cue names it.
    target.clock.advance(2 * DELAY);
    expect(target.form.screen(84)).toContain(`${TYPING_CUE} · kept: "run it hourly  "`);
    target.form.press("down", "space");
    expect(target.form.details).toMatchObject({ answers: { q1: { selected: ["Deno"] } } });
  });

  it("keys that arrive before the first paint are held too", () => {
    const target = guarded(PICK_ONE);
    target.form.press("space", "enter");
    target.clock.advance(DELAY * 10);
    expect(target.form.details).toBeUndefined();
    target.form.screen();
    target.form.press("enter");
    expect(target.form.details).toBeUndefined();
  });

  it("once the wait has passed without keys, the first key acts", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.clock.advance(DELAY);
    target.form.press("down", "enter");
    expect(target.form.details).toMatchObject({ answers: { q1: { selected: ["Deno"] } } });
  });

  it("typing extends the wait, but never past the cap: continuous keys are not locked out", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    for (let t = 0; t < DELAY * EXTENSION_CAP; t += 100) {
      target.form.press("down");
      target.clock.advance(100);
    }
    expect(target.form.state.questions[0]?.highlight).toBe(0);
    target.form.press("down");
    expect(target.form.state.questions[0]?.highlight).toBe(1);
  });

  it("the hint line says the form is arming, at the hints' height, and the hints return by themselves", () => {
    const target = guarded(TWO_QUESTIONS, DELAY, 40);
    const arming = target.form.screen(40).split("\n");
    expect(arming.join("\n")).toContain("Just opened");
    target.clock.advance(DELAY);
    expect(target.form.tui.renders).toBeGreaterThan(0);
    const armed = target.form.screen(40).split("\n");
    expect(armed.join("\n")).not.toContain("Just opened");
    expect(armed.length).toBe(arming.length);
  });

  it("the cue shows the end of what was held, made safe", () => {
    const target = guarded(PICK_ONE, DELAY, 120);
    target.form.screen(120);
    target.form.type("fix \x1b]0;evil\x07 it");
    target.form.paste("pasted\x1b[31m");
    const screen = target.form.screen(120);
    expect(screen).toContain(`${ARMING_CUE} · kept: "fix ]0;evil itpasted[31m"`);
    expect(screen).not.toContain("\x1b");
  });

  it("a paste during the guard is kept as text, line breaks included; a backspace takes back held text", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.form.type("ab");
    target.form.press("backspace");
    target.form.paste("one\r\ntwo");
    target.clock.advance(200);
    target.form.press("enter");
    expect(target.form.form.typedAhead).toBe("aone\ntwo");
    expect(target.form.details).toBeUndefined();
  });

  it("a backspace with no held text left to take back is counted: it was meant for the text typed before the form", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.form.press("backspace", "backspace");
    target.form.type("se");
    target.form.press("backspace");
    target.form.type("e");
    expect(target.form.form.typedAhead).toBe("se");
    expect(target.form.form.erasedAhead).toBe(2);
  });

  it("keys in the kitty keyboard protocol are read as the keys they are: text kept, backspace, no DEL", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    for (const key of ["\x1b[97u", "\x1b[98u", "\x1b[127u", "\x1b[99u", "\x1b[13u"]) {
      target.form.form.handleInput(key);
    }
    expect(target.form.form.typedAhead).toBe("ac");
    expect(target.form.details).toBeUndefined();
  });

  it("a new terminal size starts the wait again (the form moved on the screen)", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.clock.advance(DELAY);
    target.form.resize(60, 30);
    target.form.screen(60);
    target.form.press("enter");
    expect(target.form.details).toBeUndefined();
    target.clock.advance(DELAY);
    target.form.press("enter");
    expect(target.form.details?.status).toBe("answered");
  });

  it("typing in the form's own editor when the wait starts again stays in that editor; only its keys that act are held", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.clock.advance(DELAY);
    target.form.press("4");
    target.form.type("ab");
    target.form.resize(60, 30);
    target.form.screen(60);
    target.form.type("cd");
    target.form.press("backspace", "enter", "tab", "escape");
    expect(target.form.state.questions[0]).toMatchObject({ mode: "freeform", draft: "abc" });
    expect(target.form.form.typedAhead).toBe("");
    target.clock.advance(DELAY);
    target.form.press("enter");
    expect(target.form.details).toMatchObject({ answers: { q1: { other: "abc" } } });
  });

  it("typing in the form's own editor does not extend the wait: Enter right after the wait saves", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.clock.advance(DELAY);
    target.form.press("4");
    target.form.type("ab");
    target.form.resize(60, 30);
    target.form.screen(60);
    target.clock.advance(DELAY / 2);
    target.form.type("c");
    target.clock.advance(DELAY / 3);
    target.form.type("d");
    target.clock.advance(DELAY / 3);
    target.form.press("enter");
    expect(target.form.details).toMatchObject({ answers: { q1: { other: "abcd" } } });
  });

  it("losing focus and getting it back starts the wait again", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.clock.advance(DELAY);
    target.form.form.focused = false;
    target.form.form.focused = true;
    target.form.screen();
    target.form.press("enter");
    expect(target.form.details).toBeUndefined();
  });

  it("0 turns the guard off", () => {
    const target = guarded(PICK_ONE, 0);
    target.form.screen();
    target.form.press("enter");
    expect(target.form.details?.status).toBe("answered");
  });

  it("leaves no timer behind once the form has ended", () => {
    const target = guarded(PICK_ONE);
    target.form.screen();
    target.form.press("ctrl+c");
    target.clock.advance(DELAY);
    target.form.press("ctrl+c");
    expect(target.form.details?.status).toBe("cancelled");
    expect(target.clock.pendingCount).toBe(0);
  });
});

const KEYS: readonly string[] = [
  " ",
  "\r",
  "\t",
  "\x1b[Z",
  "\x1b",
  "\x03",
  "\x1b[A",
  "\x1b[B",
  "\x1b[C",
  "\x1b[D",
  "\x7f",
  "\n",
  "\x1b[6~",
  "j",
  "k",
  "x",
  ...Array.from({ length: 9 }, (_, i) => String(i + 1)),
  bracketedPaste("pasted\r\ntext"),
  bracketedPaste("early\x1b[201~\r"),
  keyBytes("shift+enter"),
];

describe("input guard property", () => {
  it("no key inside the guard changes the form, whatever the keys and their timing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PICK_ONE, PICK_MANY, PICK_WITH_NOTE, TWO_QUESTIONS),
        fc.integer({ min: 1, max: 1500 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 900 }), fc.constantFrom(...KEYS)), {
          maxLength: 40,
        }),
        (payload, delay, events) => {
          const target = guarded(payload, delay);
          target.form.screen();
          const paint = target.clock.now();
          // The rule, stated independently of the form: held until `armsAt`, each held key
          // moving it to `delay` after itself, never beyond the cap, and a key that types text
          // (a printable key, a paste) to twice the delay after itself, past the cap. (The form
          // also counts the rest of a paste as text: it holds at least this long.)
          let armsAt = paint + delay;
          const capAt = paint + delay * EXTENSION_CAP;
          let typing = false;
          for (const [gap, key] of events) {
            target.clock.advance(gap);
            const now = target.clock.now();
            const typesText = /^[ -~]$/.test(key) || key.includes("\x1b[200~");
            // Once text was held, text keys are held however long the pause.
            const inside = now < armsAt || (typing && typesText);
            const before = target.form.state;
            target.form.form.handleInput(key);
            if (!inside) break;
            expect(target.form.state).toBe(before);
            expect(target.form.doneCount).toBe(0);
            if (typesText) {
              typing = true;
              armsAt = now + delay * TYPING_HOLD;
            } else {
              armsAt = Math.max(armsAt, typing ? now + delay : Math.min(capAt, now + delay));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the arming cue keeps the layout", () => {
  it("takes exactly the hint lines' height at any width, with or without held text", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PICK_ONE, PICK_MANY, PICK_WITH_NOTE, TWO_QUESTIONS),
        fc.integer({ min: 20, max: 200 }),
        fc.integer({ min: 8, max: 60 }),
        fc.string({ maxLength: 120 }),
        (payload, width, rows, typed) => {
          const plain = renderForm(payload, { width, rows });
          const hints = renderFormFrame({
            state: plain.state,
            width,
            rows,
            theme: identityTheme,
            keymap: DEFAULT_KEYMAP,
            previewScroll: 0,
          }).lines;
          const cue = renderFormFrame({
            state: plain.state,
            width,
            rows,
            theme: identityTheme,
            keymap: DEFAULT_KEYMAP,
            previewScroll: 0,
            arming: { typedAhead: typed },
          }).lines;
          expect(cue.length).toBe(hints.length);
          for (const line of cue) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
        },
      ),
      { numRuns: 200 },
    );
  });
});
