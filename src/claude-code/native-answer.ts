import {
  type Answer,
  type AskDetails,
  modelText,
  type Question,
  withProvenance,
} from "../core/index.ts";
import { ANSWER_PLACE_OF, type SurfaceName } from "../remote/types.ts";
import { hookPlaceNote } from "../transcripts/claude/hook-place.ts";
import type { NativeQuestion } from "./native-ask.ts";

/**
 * What the hook tells Claude Code. `answer`: the tool runs with these answers and the model gets
 * the same text a person's answer in the dialog produces. `refuse`: the model gets `text` as an
 * error result (askuser's own model text, unchanged). `none`: the hook says nothing, so the
 * native dialog decides. `defer`: a headless run stops with the call pending.
 */
export type NativeDecision =
  | { readonly kind: "answer"; readonly updatedInput: UpdatedInput }
  | { readonly kind: "refuse"; readonly text: string }
  | { readonly kind: "none" }
  | { readonly kind: "defer" };

interface UpdatedInput {
  /** The native questions, unchanged: Claude Code would accept rewritten ones, and lie with them. */
  readonly questions: readonly NativeQuestion[];
  readonly answers: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, { notes?: string; preview?: string }>>;
}

const TYPE_NAMES = { single: "single-select", multi: "multi-select", preview: "single-select" };

/**
 * The decision for an ask another surface ended. Only a full answer becomes `allow`: Claude Code
 * tells the model "Your questions have been answered" for any answers it is given and says
 * nothing of the questions left out, so a partial answer, a cancel or a question back go as
 * askuser's own text, which names every unanswered question. Either says once where the user
 * answered: a note on each answer, or the text's last sentence (which `askuser log` reads back).
 */
export function decisionFor(
  details: AskDetails,
  by: SurfaceName,
  native: readonly NativeQuestion[],
): NativeDecision {
  const placed = withProvenance(details, { place: ANSWER_PLACE_OF[by], reporter: "lifecycle" });
  if (placed.status === "answered" && placed.unanswered.length === 0) {
    const where = hookPlaceNote(placed.answeredIn ?? ANSWER_PLACE_OF[by]);
    return { kind: "answer", updatedInput: updatedInputFor(placed, where, native) };
  }
  return { kind: "refuse", text: refusalText(placed) };
}

function updatedInputFor(
  details: AskDetails,
  where: string,
  native: readonly NativeQuestion[],
): UpdatedInput {
  const answers: Record<string, string> = {};
  const annotations: Record<string, { notes?: string; preview?: string }> = {};
  details.questions.forEach((question, index) => {
    const nativeQuestion = native[index];
    const answer = details.answers[question.id];
    if (!nativeQuestion || !answer) return;
    answers[nativeQuestion.question] = answerValue(question, answer, nativeQuestion);
    const change = details.presentedType?.[question.id];
    const notes = [
      answer.comment,
      change &&
        `(shown as ${TYPE_NAMES[change.presented]} instead of ${TYPE_NAMES[change.requested]}${change.changedBy === "user" ? " by the user" : " by the user's setting"})`,
      where,
    ].filter((part): part is string => Boolean(part));
    const preview = previewOf(question, answer, nativeQuestion);
    annotations[nativeQuestion.question] = {
      notes: notes.join(" "),
      ...(preview === undefined ? {} : { preview }),
    };
  });
  return { questions: native, answers, annotations };
}

/**
 * The value Claude Code's dialog itself produces: the chosen label, the typed text, or for a
 * multi-select the labels (then the typed text) joined by ", ". Labels are the native ones, so
 * Claude Code recognises them as chosen options.
 */
function answerValue(question: Question, answer: Answer, native: NativeQuestion): string {
  const labels = answer.selected.map((label) => nativeLabel(question, label, native));
  const parts = answer.other === undefined ? labels : [...labels, answer.other];
  return parts.join(", ");
}

function nativeLabel(question: Question, label: string, native: NativeQuestion): string {
  const index = question.options.findIndex((option) => option.label === label);
  return native.options[index]?.label ?? label;
}

/** As the dialog records it: the preview of the chosen option, when the question had previews. */
function previewOf(question: Question, answer: Answer, native: NativeQuestion): string | undefined {
  if (answer.selected.length !== 1 || question.multiSelect) return undefined;
  const index = question.options.findIndex((option) => option.label === answer.selected[0]);
  const preview = native.options[index]?.preview;
  return typeof preview === "string" ? preview : undefined;
}

/** askuser's model text (its last sentence says where), naming Claude Code's tool for askuser's. */
function refusalText(details: AskDetails): string {
  return modelText(details).replaceAll("call ask_user again", "call AskUserQuestion again");
}
