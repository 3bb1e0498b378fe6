import {
  type Ask,
  createFormState,
  type FormState,
  hasAnswer,
  type Question,
  type QuestionState,
} from "../../core/index.ts";
import { type AnswersBody, isObject, prefillFromDraft } from "./answers-body.ts";

/** The part of the browser's storage the page uses; a test passes a Map-backed one. */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/**
 * What the page keeps in this browser for an open ask: the whole form, unsaved editor text and
 * unconfirmed selections included, which never leave the browser; and the last draft the server
 * accepted, which tells whether the stored form is still the latest one.
 */
interface StoredForm {
  readonly version: 1;
  readonly acknowledged: AnswersBody;
  readonly tab: number;
  readonly questions: readonly QuestionState[];
}

const KEY_PREFIX = "askuser:form:";

export function storageKey(askId: string): string {
  return `${KEY_PREFIX}${askId}`;
}

/**
 * Forgets the stored forms of asks that are no longer waiting (answered or ended while no page
 * was open, or from a server that has since stopped), so the storage cannot fill up over time.
 */
export function forgetEndedForms(store: DraftStore, waiting: ReadonlySet<string>): number {
  const ended: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(KEY_PREFIX) && !waiting.has(key.slice(KEY_PREFIX.length))) ended.push(key);
  }
  for (const key of ended) store.removeItem(key);
  return ended.length;
}

export function saveForm(
  store: DraftStore,
  askId: string,
  state: FormState,
  acknowledged: AnswersBody,
): void {
  const stored: StoredForm = {
    version: 1,
    acknowledged,
    tab: state.tab,
    questions: state.questions,
  };
  store.setItem(storageKey(askId), JSON.stringify(stored));
}

export type RestoredFrom = "this browser" | "the server" | "nothing";

/**
 * The form to show after a reload. The form stored in this browser wins when the server's draft is
 * still the one this browser last had accepted (nothing else answered since): it also holds what
 * was typed but not yet saved. Otherwise the server's draft wins, its answers confirmed as they
 * were when sent. A stored form that does not fit the ask is ignored, never half-applied.
 */
export function restoreForm(
  ask: Ask,
  serverDraft: unknown,
  stored: string | null,
): { readonly state: FormState; readonly from: RestoredFrom; readonly acknowledged: AnswersBody } {
  const fromServer = prefillFromDraft(ask, serverDraft);
  const local = parseStored(ask, stored);
  if (local && sameAnswers(fromServer, prefillFromDraft(ask, local.acknowledged))) {
    const state: FormState = {
      ...createFormState(ask),
      tab: local.tab,
      questions: local.questions,
    };
    return { state, from: "this browser", acknowledged: local.acknowledged };
  }
  const acknowledged = isObject(serverDraft) ? (serverDraft as AnswersBody) : {};
  if (Object.keys(fromServer).length === 0) {
    return { state: createFormState(ask), from: "nothing", acknowledged };
  }
  return { state: createFormState(ask, fromServer), from: "the server", acknowledged };
}

function sameAnswers(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function parseStored(ask: Ask, text: string | null): StoredForm | undefined {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.version !== 1 || !isObject(value.acknowledged)) return undefined;
  const { tab, questions } = value;
  const tabs = ask.questions.length > 1 ? ask.questions.length + 1 : 1;
  if (!isIndex(tab, tabs) || !Array.isArray(questions)) return undefined;
  if (questions.length !== ask.questions.length) return undefined;
  const checked: QuestionState[] = [];
  for (const [index, question] of ask.questions.entries()) {
    const state = questionState(questions[index], question);
    if (!state) return undefined;
    checked.push(state);
  }
  return { version: 1, acknowledged: value.acknowledged as AnswersBody, tab, questions: checked };
}

const MODES = new Set(["options", "freeform", "comment"]);

/** A stored question state, only when it keeps every invariant the reducer relies on. */
function questionState(value: unknown, question: Question): QuestionState | undefined {
  if (!isObject(value)) return undefined;
  const optionCount = question.options.length;
  const { highlight, selected, other, comment, mode, draft, confirmed } = value;
  if (!isIndex(highlight, optionCount + 1) || !Array.isArray(selected)) return undefined;
  if (!selected.every((index) => isIndex(index, optionCount))) return undefined;
  const ascending = selected.every((index, i) => i === 0 || index > (selected[i - 1] as number));
  if (!ascending) return undefined;
  if (other !== undefined && (typeof other !== "string" || other.trim() === "")) return undefined;
  const answers = selected.length + (other === undefined ? 0 : 1);
  if (!question.multiSelect && answers > 1) return undefined;
  if (comment !== undefined && typeof comment !== "string") return undefined;
  if (typeof mode !== "string" || !MODES.has(mode) || typeof draft !== "string") return undefined;
  if (mode === "comment" && !question.allowComment) return undefined;
  if (typeof confirmed !== "boolean") return undefined;
  const state: QuestionState = {
    highlight,
    selected: selected as number[],
    ...(other === undefined ? {} : { other }),
    ...(comment === undefined ? {} : { comment }),
    mode: mode as QuestionState["mode"],
    draft,
    confirmed,
  };
  return confirmed && !hasAnswer(state) ? undefined : state;
}

function isIndex(value: unknown, length: number): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
}
