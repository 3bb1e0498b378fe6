import type { Question } from "../core/index.ts";

/**
 * The keys of a question's form fields. Question ids match `^[a-z][a-z0-9_]*$`, so a suffix
 * after a hyphen can never collide with another question's id.
 */
export const fieldKey = {
  choice: (question: Question): string => question.id,
  option: (question: Question, index: number): string => `${question.id}-${index + 1}`,
  other: (question: Question): string => `${question.id}-other`,
  note: (question: Question): string => `${question.id}-note`,
} as const;
