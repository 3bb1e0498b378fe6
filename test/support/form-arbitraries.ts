import fc from "fast-check";
import {
  type Ask,
  CANCEL_ORIGINS,
  createFormState,
  type FormAction,
  type FormState,
  type HostEnd,
  reduceForm,
  validateAskInput,
} from "../../src/core/index.ts";

/** Random asks, hostile typed text and action sequences, for properties over whole forms. */

const label = fc.constantFrom(
  "Postgres",
  "SQLite",
  "A",
  "AB",
  "x, y",
  'say "hi"',
  "a — b",
  "Redis",
  "日本語",
  "😀 emoji",
);
export const arbAsk: fc.Arbitrary<Ask> = fc
  .array(
    fc.record({
      options: fc.uniqueArray(label, {
        minLength: 2,
        maxLength: 8,
        selector: (l) => l.toLowerCase(),
      }),
      previews: fc.boolean(),
      multiSelect: fc.boolean(),
      allowComment: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((questions) => {
    const result = validateAskInput({
      questions: questions.map((q, i) => ({
        header: `H${i}`,
        question: `Question ${i}?`,
        options: q.options.map((l) =>
          q.previews ? { label: l, preview: `${l}\n…` } : { label: l },
        ),
        multiSelect: q.multiSelect,
        allowComment: q.allowComment,
      })),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    return result.ask;
  });

/** Text a person (or a paste) could put in an editor: separators, quotes, controls, bidi, invisibles. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    "",
    "  ",
    "sqlite",
    "a, b",
    "x — y",
    'he said "no"',
    "back\\slash",
    "line\nbreak",
    "tab\there",
    "\u001b[31mred\u001b[0m",
    "\u202eevil",
    "zero\u200bwidth",
    "\u3164",
    "\u0085next",
    " padded ",
    "(no answer)",
    '"Question 0?" = "A"',
    "The user answered:",
    "full，width",
  ),
  fc.string({ maxLength: 10 }),
);

export const hostEnd: fc.Arbitrary<HostEnd> = fc.oneof(
  fc.constant<HostEnd>({ kind: "timed_out" }),
  fc.constantFrom(...CANCEL_ORIGINS).map((origin): HostEnd => ({ kind: "cancelled", origin })),
);

export const arbAction: fc.Arbitrary<FormAction> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom<FormAction>(
      { type: "moveUp" },
      { type: "moveDown" },
      { type: "activate" },
      { type: "toggle" },
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .integer({ min: 0, max: 5 })
      .map((index): FormAction => ({ type: "pickRow", index })),
  },
  { weight: 3, arbitrary: hostileText.map((text): FormAction => ({ type: "editDraft", text })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<FormAction>({ type: "saveDraft" }, { type: "closeEditor" }),
  },
  { weight: 2, arbitrary: fc.constantFrom<FormAction>({ type: "nextTab" }, { type: "prevTab" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<FormAction>({ type: "submit" }, { type: "requestCancel" }),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom<FormAction>({ type: "switchType" }, { type: "openAskBack" }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant<FormAction>({ type: "cancelNow" }),
      hostEnd.map((resolution): FormAction => ({ type: "end", resolution })),
    ),
  },
);

export function play(ask: Ask, actions: readonly FormAction[], asMulti: boolean): FormState {
  let state = createFormState(ask, undefined, { presentSingleAsMulti: asMulti });
  for (const action of actions) state = reduceForm(state, action);
  return state.resolution
    ? state
    : reduceForm(state, { type: "end", resolution: { kind: "timed_out" } });
}
