import {
  type Answer,
  type Ask,
  type AskDetails,
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormOptions,
  type FormState,
  hasAnswer,
  isSubmitTab,
  type Question,
  type QuestionState,
  reduceForm,
} from "../core/index.ts";
import type { DialogOptions, DialogPort } from "./dialog-port.ts";
import {
  ASK_BACK_PLACEHOLDER,
  askBackInputTitle,
  CHANGE_TITLE,
  changeRows,
  confirmSingleSelectNotice,
  NOTE_PLACEHOLDER,
  NOTHING_PICKED_NOTICE,
  noteInputTitle,
  OTHER_PLACEHOLDER,
  otherInputTitle,
  questionRows,
  questionTitle,
  REVIEW_CHOICES,
  reviewChoices,
  reviewTitle,
} from "./dialog-text.ts";

/** The turn was aborted while a dialog was open: whatever the dialog returned is not a pick. */
class TurnAborted extends Error {
  override readonly name = "TurnAborted";
}

/** The idle timeout fired while a dialog was open: the ask ends as timed out. */
class TimedOut extends Error {
  override readonly name = "TimedOut";
}

/** The client answered a select with a value that is none of its rows. */
class UnknownChoiceError extends Error {
  override readonly name = "UnknownChoiceError";
}

/**
 * Asks through a host's select and input dialogs, where no form can be drawn: Pi's RPC clients
 * (editors, desktop apps) today, any client that offers only prompts of its own (an MCP client's
 * elicitation) alike. The dialogs drive the same reducer as the terminal form, so both surfaces
 * share every rule about what counts as an answer.
 *
 * Invariants: after every dialog the abort signal is checked before its reply is used, so after
 * an abort nothing is recorded and nothing else opens; an abort while the client is gone is
 * `disconnected`, otherwise `turn_abort`; a select that returns nothing is the user's cancel and
 * keeps what was answered; any other failure ends as `ui_failure`.
 */
export async function askThroughDialogs(
  ask: Ask,
  port: DialogPort,
  signal: AbortSignal | undefined,
  reportFailure: (error: unknown) => void,
  idleTimeout?: AbortSignal,
  prefill?: Readonly<Record<string, Answer>>,
  formOptions?: FormOptions,
): Promise<AskDetails> {
  const flow = new DialogFlow(ask, port, signal, idleTimeout, prefill, formOptions);
  // A pre-filled ask of several questions opens on the review, where any answer can be changed.
  if (prefill && Object.keys(prefill).length > 0 && ask.questions.length > 1) {
    flow.dispatch({ type: "gotoTab", index: ask.questions.length });
  }
  try {
    await flow.run();
  } catch (error) {
    if (error instanceof TurnAborted) {
      const origin = port.clientGone?.() ? "disconnected" : "turn_abort";
      flow.dispatch({ type: "end", resolution: { kind: "cancelled", origin } });
    } else if (error instanceof TimedOut) {
      flow.dispatch({ type: "end", resolution: { kind: "timed_out" } });
    } else {
      flow.dispatch({ type: "end", resolution: { kind: "cancelled", origin: "ui_failure" } });
      reportFailure(error);
    }
  }
  return detailsFromForm(flow.state);
}

class DialogFlow {
  state: FormState;
  readonly #port: DialogPort;
  readonly #signal: AbortSignal | undefined;
  readonly #idleTimeout: AbortSignal | undefined;
  /** What closes an open dialog: the turn's abort or the idle timeout, whichever comes first. */
  readonly #dialogSignal: AbortSignal | undefined;
  /** Why the next question dialog asks again, shown in its title once. */
  #notice: string | undefined;

  constructor(
    ask: Ask,
    port: DialogPort,
    signal: AbortSignal | undefined,
    idleTimeout: AbortSignal | undefined,
    prefill: Readonly<Record<string, Answer>> | undefined,
    formOptions: FormOptions | undefined,
  ) {
    this.state = createFormState(ask, prefill, formOptions);
    this.#port = port;
    this.#signal = signal;
    this.#idleTimeout = idleTimeout;
    const signals = [signal, idleTimeout].filter((s): s is AbortSignal => s !== undefined);
    this.#dialogSignal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  }

  dispatch(action: FormAction): void {
    this.state = reduceForm(this.state, action);
  }

  async run(): Promise<void> {
    while (!this.state.resolution) {
      if (!isSubmitTab(this.state)) {
        await this.#askQuestion(this.state.tab);
        continue;
      }
      const change = await this.#review();
      if (change === undefined) continue;
      await this.#askQuestion(change);
      if (!this.state.resolution) this.dispatch({ type: "gotoTab", index: this.#submitTab() });
    }
  }

  /** Runs one question's dialogs until the question is left (answered, skipped) or the form ends. */
  async #askQuestion(index: number): Promise<void> {
    if (this.state.tab !== index) this.dispatch({ type: "gotoTab", index });
    while (!this.state.resolution && this.state.tab === index) {
      const question = this.state.ask.questions[index];
      const current = this.state.questions[index];
      if (!question || !current) throw new Error(`ask_user dialogs: no question at tab ${index}`);

      if (current.mode !== "options") {
        const text = await this.#input(...editorDialog(question, current));
        if (text === undefined) {
          this.dispatch({ type: "closeEditor" });
        } else {
          // The model receives exactly what was typed; the dialogs show it inert (dialog-text).
          this.dispatch({ type: "editDraft", text });
          this.dispatch({ type: "saveDraft" });
        }
        continue;
      }

      const rows = questionRows(question, current);
      const notice = this.#notice;
      this.#notice = undefined;
      const reply = await this.#select(
        questionTitle(this.state.ask, index, current, notice),
        rows.map((row) => row.text),
      );
      if (reply === undefined) {
        this.dispatch({ type: "cancelNow" });
        return;
      }
      const row = rows.find((candidate) => candidate.text === reply);
      if (!row) throw new UnknownChoiceError(unknownChoiceMessage(reply));
      switch (row.kind) {
        case "option":
          this.dispatch({ type: "pickRow", index: row.index });
          break;
        case "other":
          // "toggle" always opens the text: on a multi-select with text saved, "activate" would
          // mean Done, finishing the question the user chose to edit.
          this.dispatch({ type: "highlight", index: question.options.length });
          this.dispatch({ type: "toggle" });
          break;
        case "done":
          this.#finishMultiSelect(index);
          break;
        case "switchType":
          this.dispatch({ type: "switchType" });
          if (this.state.notice?.kind === "confirm_single_select") {
            const { keep, dropped } = this.state.notice;
            this.#notice = confirmSingleSelectNotice(question, keep, dropped);
          }
          break;
        case "askBack":
          this.dispatch({ type: "openAskBack" });
          break;
      }
    }
  }

  /**
   * "Done" on a multi-select: confirm the picks; with nothing picked the question is left
   * unanswered (several questions) or must still be answered (one question, which cannot be
   * skipped: cancel is the way out), and the dialog that asks again says so.
   */
  #finishMultiSelect(index: number): void {
    const current = this.state.questions[index];
    if (!current || !hasAnswer(current)) {
      if (this.state.questions.length > 1) this.dispatch({ type: "nextTab" });
      else this.#notice = NOTHING_PICKED_NOTICE;
      return;
    }
    this.dispatch({ type: "highlight", index: 0 });
    this.dispatch({ type: "activate" });
  }

  /** The review of several answers; returns the question to change, if the user asks for one. */
  async #review(): Promise<number | undefined> {
    const choices = reviewChoices(this.state);
    const reply = await this.#select(reviewTitle(this.state), choices);
    if (reply === undefined || reply === REVIEW_CHOICES.cancel) {
      this.dispatch({ type: "cancelNow" });
      return undefined;
    }
    if (reply === choices[0]) {
      // The review listed what is unanswered, so choosing Submit there is the confirmation.
      this.dispatch({ type: "submit" });
      if (!this.state.resolution) this.dispatch({ type: "submit" });
      return undefined;
    }
    if (reply !== REVIEW_CHOICES.change) throw new UnknownChoiceError(unknownChoiceMessage(reply));
    const rows = changeRows(this.state);
    const target = await this.#select(CHANGE_TITLE, rows);
    if (target === undefined) {
      this.dispatch({ type: "cancelNow" });
      return undefined;
    }
    const index = rows.indexOf(target);
    if (index < 0) throw new UnknownChoiceError(unknownChoiceMessage(target));
    return index;
  }

  #submitTab(): number {
    return this.state.ask.questions.length;
  }

  async #select(title: string, options: string[]): Promise<string | undefined> {
    this.#throwIfAborted();
    const reply = await this.#port.select(title, options, this.#dialogOptions());
    this.#throwIfAborted();
    return reply;
  }

  async #input(title: string, placeholder: string): Promise<string | undefined> {
    this.#throwIfAborted();
    const reply = await this.#port.input(title, placeholder, this.#dialogOptions());
    this.#throwIfAborted();
    return reply;
  }

  #dialogOptions(): DialogOptions {
    return this.#dialogSignal ? { signal: this.#dialogSignal } : {};
  }

  /** A turn abort wins over a timeout that fired in the same moment: the user never chose either. */
  #throwIfAborted(): void {
    if (this.#signal?.aborted) throw new TurnAborted("the turn was aborted");
    if (this.#idleTimeout?.aborted) throw new TimedOut("the idle timeout expired");
  }
}

/** The title and placeholder of the input that stands in for the open editor. */
function editorDialog(question: Question, current: QuestionState): [string, string] {
  switch (current.mode) {
    case "comment":
      return [noteInputTitle(question, current.comment), NOTE_PLACEHOLDER];
    case "askBack":
      return [askBackInputTitle(question, current.askBack), ASK_BACK_PLACEHOLDER];
    default:
      return [otherInputTitle(question, current.other, current.otherAside), OTHER_PLACEHOLDER];
  }
}

function unknownChoiceMessage(reply: string): string {
  return `the client answered a select with ${JSON.stringify(reply)}, which is none of the offered rows; reply with one of the "options" strings exactly`;
}
