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

/** The row that always follows the model's options; the model can neither add nor remove it. */
export const OTHER_LABEL = "Other";
