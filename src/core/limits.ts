/** The bounds of one ask. The schema, the validator and the model-facing descriptions all read these. */
export const LIMITS = {
  minQuestions: 1,
  maxQuestions: 4,
  minOptions: 2,
  maxOptions: 8,
  questionMax: 1000,
  headerMax: 12,
  contextMax: 500,
  labelMax: 60,
  descriptionMax: 300,
  previewMax: 4000,
  idPattern: "^[a-z][a-z0-9_]{0,31}$",
} as const;

/**
 * The bounds of any input before and while it is read as an ask or an answers file, so no
 * value, however hostile, can exhaust the stack, the memory or the reader's patience.
 */
export const INPUT_LIMITS = {
  /**
   * Arrays and objects nested in one another. A valid ask needs 5
   * (`{"questions": [{"options": [{"label": …}]}]}`); recursive walkers overflow near 5,000.
   */
  maxDepth: 64,
  /**
   * Elements of an array past its limit that are still checked one by one: enough to report
   * every kind of mistake, while the count error already says to shorten the array.
   */
  elementsChecked: 64,
  /** Problems of one kind (the same fix) listed in full; the rest are counted. */
  issuesPerKind: 20,
  /** Code points of a received value, key or argument quoted in a message. */
  echoMax: 80,
} as const;

/** The row that always follows the model's options; the model can neither add nor remove it. */
export const OTHER_LABEL = "Other";
