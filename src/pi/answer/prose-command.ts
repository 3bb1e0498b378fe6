import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type AskDetails, errorMessage, proseAnswerText } from "../../core/index.ts";
import type { Settings } from "../../settings/settings.ts";
import { DEFAULT_SETTINGS } from "../../settings/settings.ts";
import { askSurface } from "../availability.ts";
import type { Survival } from "../survive/survival.ts";
import { chooseModel } from "./choose-model.ts";
import { proseAnswerRecord } from "./kept-answers.ts";
import { type LastMessage, lastAssistantMessage } from "./last-message.ts";
import { leftOutNotice } from "./left-out-notice.ts";
import { buildProseAsk } from "./prose-ask-builder.ts";
import type { ProseForm, ProseMemory } from "./prose-memory.ts";
import { tell } from "./tell.ts";

const PROSE_NOTICES = {
  cannotHere:
    "ask_user: /answer needs someone to answer in a form: it works in Pi's terminal UI and over RPC, not in print or JSON mode.",
  agentBusy: "ask_user: the agent is still writing; use /answer once its message is finished.",
  busy: "ask_user: /answer is already reading the questions or showing them.",
  noMessage:
    "ask_user: no question is waiting for an answer, and the agent has written no message on this branch to read questions from.",
  noText:
    "ask_user: no question is waiting for an answer, and the agent's last message has no text to read questions from.",
  noQuestion:
    "ask_user: no question is waiting for an answer, and the agent's last message has no question with options to show.",
  nothingSent: "ask_user: the form was closed; nothing was sent to the agent.",
  stillKept:
    "ask_user: the form was closed; the answers you submitted before are still kept and go to the agent with your next message.",
  nothingToReopen:
    "ask_user: there is no form built from the agent's prose to reopen; use /answer first.",
  offBranch:
    "ask_user: the message that form was built from is not on this branch; use /answer to read the last message here.",
  offBranchKept:
    "ask_user: the message that form was built from is not on this branch; the answers you gave it are kept and go to the agent with your next message on its branch (go back with /tree). Use /answer to read the last message here.",
  reading: "reading the questions in the agent's message…",
} as const;

const STATUS_KEY = "askuser-answer";
/** How `/answer` reads questions written in prose: the model to ask, and how long to wait. */
export type ProseAnswerSettings = Settings["answer"];

const DEFAULTS: ProseAnswerSettings = DEFAULT_SETTINGS.answer;

/**
 * `/answer` with no waiting ask: reads the questions in the agent's last message (a model, or the
 * parser), shows them in the same form as ask_user, and sends the submitted answers as a user
 * message in the answer-line format. A cancel sends nothing: the agent asked no tool and waits
 * for nothing.
 */
export async function answerFromProse(
  survival: Survival,
  ctx: ExtensionContext,
  memory: ProseMemory,
  readSettings: ((ctx: ExtensionContext) => Promise<ProseAnswerSettings>) | undefined,
): Promise<void> {
  survival.use(ctx);
  if (askSurface(ctx.mode, ctx.hasUI) === "none") {
    tell(ctx, PROSE_NOTICES.cannotHere, "warning");
    return;
  }
  if (memory.busy) {
    tell(ctx, PROSE_NOTICES.busy, "info");
    return;
  }
  if (!ctx.isIdle()) {
    tell(ctx, PROSE_NOTICES.agentBusy, "info");
    return;
  }
  const last = lastAssistantMessage(ctx.sessionManager.getBranch());
  if (!last) {
    tell(ctx, PROSE_NOTICES.noMessage, "info");
    return;
  }
  if (last.text === "") {
    tell(ctx, PROSE_NOTICES.noText, "info");
    return;
  }
  // Busy until the form closes: over RPC a second /answer can arrive while the dialogs are open.
  memory.busy = true;
  try {
    const form = await readProseForm(ctx, last, survival.closing, readSettings);
    if (!form) return;
    memory.last = form;
    await openProseForm(survival, ctx, form);
  } finally {
    memory.busy = false;
  }
}

/** The form for the questions in `last`, with what it leaves out told; undefined when none. */
async function readProseForm(
  ctx: ExtensionContext,
  last: LastMessage,
  signal: AbortSignal,
  readSettings: ((ctx: ExtensionContext) => Promise<ProseAnswerSettings>) | undefined,
): Promise<ProseForm | undefined> {
  const settings = await settingsOrDefault(ctx, readSettings);
  const chosen = chooseModel(ctx, settings.model);
  if (chosen.notice) tell(ctx, chosen.notice, "warning");
  ctx.ui.setStatus(STATUS_KEY, PROSE_NOTICES.reading);
  const built = await buildProseAsk(last.text, {
    model: chosen.model,
    timeoutMs: settings.timeoutSeconds * 1000,
    signal,
  }).finally(() => ctx.ui.setStatus(STATUS_KEY, undefined));
  for (const notice of built.notices) tell(ctx, notice, "warning");
  const leftOut = leftOutNotice(built.leftOut, built.ask?.questions.length ?? 0);
  if (!built.ask) {
    tell(ctx, leftOut ?? PROSE_NOTICES.noQuestion, "warning");
    return undefined;
  }
  // A warning, not an info: Pi replaces one info line with the next (the settings notice that
  // opening the form may add), and what is left out must stay on screen while the form is open.
  if (leftOut) tell(ctx, leftOut, "warning");
  return { entryId: last.entryId, ask: built.ask, leftOut: built.leftOut };
}

/** `/answer:again`: the last form built from prose, pre-filled with the answers last sent. */
export async function answerAgain(
  survival: Survival,
  ctx: ExtensionContext,
  memory: ProseMemory,
): Promise<void> {
  survival.use(ctx);
  if (askSurface(ctx.mode, ctx.hasUI) === "none") {
    tell(ctx, PROSE_NOTICES.cannotHere, "warning");
    return;
  }
  const form = memory.last;
  if (!form) {
    tell(ctx, PROSE_NOTICES.nothingToReopen, "info");
    return;
  }
  if (!survival.onBranch(form.entryId)) {
    const kept = form.submitted && survival.delivery.keeps(form.submitted.record);
    tell(ctx, kept ? PROSE_NOTICES.offBranchKept : PROSE_NOTICES.offBranch, "info");
    return;
  }
  if (memory.busy) {
    tell(ctx, PROSE_NOTICES.busy, "info");
    return;
  }
  memory.busy = true;
  try {
    await openProseForm(survival, ctx, form);
  } finally {
    memory.busy = false;
  }
}

async function openProseForm(
  survival: Survival,
  ctx: ExtensionContext,
  form: ProseForm,
): Promise<void> {
  const previous = form.submitted;
  let details: AskDetails | undefined;
  try {
    details = await survival.showForm(ctx, {
      ask: form.ask,
      prefill: previous?.answers,
      signal: survival.closing,
      cancelSendsAnswers: false,
    });
  } catch (error) {
    tell(ctx, `ask_user: the form could not be opened: ${errorMessage(error)}`, "error");
    return;
  }
  if (!details) {
    tell(ctx, PROSE_NOTICES.cannotHere, "warning");
    return;
  }
  if (survival.closing.aborted || details.status !== "answered") {
    const kept = previous !== undefined && survival.delivery.keeps(previous.record);
    tell(ctx, kept ? PROSE_NOTICES.stillKept : PROSE_NOTICES.nothingSent, "info");
    return;
  }
  // Answers kept here (no model could take them) never reached the agent: the new ones take
  // their place as first answers. Answers Pi or the session has are replaced, and say so.
  const withdrawn = previous !== undefined && survival.delivery.withdraw(previous.record);
  if (withdrawn) previous.record.withdrawn();
  const replaces = previous !== undefined && !withdrawn;
  const text = proseAnswerText(details, replaces, form.leftOut);
  if (!text) return;
  const record = proseAnswerRecord(survival, form, details, replaces);
  form.submitted = { answers: details.answers, text, record };
  // Anchored to the message the questions came from: kept answers go only into a run on a
  // branch that holds it, the rule `/answer:again` follows too.
  survival.delivery.deliver(text, record, form.entryId);
}

async function settingsOrDefault(
  ctx: ExtensionContext,
  readSettings: ((ctx: ExtensionContext) => Promise<ProseAnswerSettings>) | undefined,
): Promise<ProseAnswerSettings> {
  if (!readSettings) return DEFAULTS;
  try {
    return await readSettings(ctx);
  } catch (error) {
    tell(
      ctx,
      `askuser settings could not be read (${errorMessage(error)}); /answer uses the session's model and waits ${DEFAULTS.timeoutSeconds} seconds`,
      "error",
    );
    return DEFAULTS;
  }
}
