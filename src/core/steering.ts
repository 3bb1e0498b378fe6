import { LIMITS } from "./limits.ts";

/**
 * Everything that tells a model when and how to use ask_user, in one place so the tool
 * description, the one-line prompt snippet and the guidelines cannot drift apart.
 */
export const TOOL_NAME = "ask_user";
export const TOOL_LABEL = "Ask user";

const ASK_SENTENCE = `Ask the user ${LIMITS.minQuestions}-${LIMITS.maxQuestions} structured questions and wait for their answers`;

const DESCRIPTION_REST = [
  `Each question offers ${LIMITS.minOptions}-${LIMITS.maxOptions} options; the user can always type their own answer instead ("Other" is added automatically, never add it yourself).`,
  "Use it for a decision that only the user can make and that changes what you build: which database, which API shape, which of two designs.",
  'Put the recommended option first and end its label with "(Recommended)". Give each option a short description of its trade-off, and a preview when code or a schema makes the difference clear.',
  "The result states exactly what the user answered, what they left open, and why the ask ended. Never assume an answer the result does not contain.",
];

/** For a host where `waitForAnswer: false` returns at once (Pi). */
export const TOOL_DESCRIPTION = [
  `${ASK_SENTENCE} (with waitForAnswer false the call returns at once and the answers arrive later as a user message).`,
  ...DESCRIPTION_REST,
].join(" ");

/** For a host where every call waits (MCP): the description must not promise what it ignores. */
export const WAITING_TOOL_DESCRIPTION = [`${ASK_SENTENCE}.`, ...DESCRIPTION_REST].join(" ");

/** Pi prints it as `- ask_user: <snippet>`, so it must not name the tool again. */
export const PROMPT_SNIPPET =
  "Ask the user structured multiple-choice questions when a decision is theirs to make";

export const PROMPT_GUIDELINES: readonly string[] = [
  "Use ask_user when there are at least two reasonable approaches, you have already gathered the context (read the code, checked the docs), and a wrong pick would mean redoing real work.",
  "Do not use ask_user for trivia you can look up, simple yes/no confirmations, judgement calls you are expected to make yourself, choices that are cheap to reverse, or a chain of questions one after another: ask related questions together in one call.",
  "In ask_user, make each question one self-contained decision with distinct options; put the recommended option first and end its label with (Recommended).",
  "When ask_user reports that a question was cancelled, timed out, unavailable or left unanswered, do not invent the answer: continue only with work that does not depend on it, or state the assumption you make.",
];
