import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeyId } from "@earendil-works/pi-tui";
import { errorMessage } from "../../core/index.ts";
import type { AskSettingsHooks } from "../settings/hooks.ts";
import { ENTRY_TYPES } from "./entry-types.ts";
import type { LaterEnds } from "./later-ends.ts";
import { RECOVERY_WIDGET } from "./notices.ts";
import type { RecoveryNotice } from "./recovery.ts";
import type { Survival } from "./survival.ts";
import { userMessageHolds } from "./user-message-holds.ts";

/** Loads the survival state of this extension instance, once. */
export type SurvivalLoader = () => Promise<Survival>;

/**
 * Registers the events, commands and shortcut that let asks outlive their tool call. Nothing
 * heavy loads here: the state and its code load on the first session start where someone can
 * answer (the terminal UI, RPC), the first ask_user call, or the first command, so `pi -p` pays
 * almost nothing for them.
 */
export function registerSurvival(
  pi: ExtensionAPI,
  settings?: AskSettingsHooks,
  laterEnds?: LaterEnds,
): SurvivalLoader {
  let loaded: Survival | undefined;
  let loading: Promise<Survival> | undefined;
  /** Recovery's notices are up (RECOVERY_WIDGET); the next agent run takes them down. */
  let recoveryNoticeShown = false;
  const load: SurvivalLoader = () => {
    loading ??= import("./survival.ts").then((module) => {
      loaded = new module.Survival(
        pi,
        settings && (async (ctx, ask) => (await settings.load()).optionsFor(ctx, ask, "later")),
        laterEnds,
      );
      return loaded;
    });
    return loading;
  };
  // Pi collects shortcuts right after session start, so the key is read once per session then.
  const answerShortcut = async (ctx: ExtensionContext): Promise<string | undefined> => {
    try {
      if (settings) return await (await settings.load()).answerKey(ctx);
    } catch (error) {
      const fallback = await defaultAnswerKey();
      const reason = errorMessage(error);
      ctx.ui.notify(`askuser: could not read answerKey (${reason}); ${fallback} is used`, "error");
      return fallback;
    }
    return defaultAnswerKey();
  };

  pi.on("session_start", async (_event, ctx) => {
    if (!ctx.hasUI || (ctx.mode !== "tui" && ctx.mode !== "rpc")) return;
    const [survival, { recoverInterruptedAsk, restorePendingAsks }, { restoreOwedAnswers }] =
      await Promise.all([load(), import("./recovery.ts"), import("./owed-answers.ts")]);
    if (ctx.mode === "tui") {
      // Pi collects extension shortcuts right after session start, so one registered here (with
      // the key from the user's settings, read now) is bound like one registered at load.
      const key = await answerShortcut(ctx);
      survival.setShortcut(key);
      if (key) {
        pi.registerShortcut(key as KeyId, {
          description: "Answer a question the agent asked without waiting",
          handler: async (shortcutCtx) => {
            const { answerPending } = await import("./commands.ts");
            await answerPending(survival, shortcutCtx, "");
          },
        });
      }
    }
    const kept = [...restoreOwedAnswers(survival, ctx), ...(await restoreKept(survival, ctx))];
    restorePendingAsks(survival, ctx);
    recoveryNoticeShown = recoverInterruptedAsk(survival, ctx, kept);
    if (ctx.mode === "rpc") for (const notice of kept) survival.notify(notice.text, notice.level);
  });
  pi.on("session_tree", (_event, ctx) => {
    loaded?.use(ctx);
    loaded?.refreshWidget();
  });
  pi.on("session_shutdown", async (event) => {
    await loaded?.shutdown(event.reason === "reload" ? "reload" : "close");
  });
  // An answer queued for a run the user stopped may be back in the editor, not in the session.
  pi.on("agent_settled", (event, ctx) => {
    loaded?.delivery.settled(event.aborted, (text) =>
      userMessageHolds(ctx.sessionManager.getBranch(), text),
    );
  });
  pi.on("agent_start", (_event, ctx) => {
    loaded?.delivery.runStarted();
    if (recoveryNoticeShown) {
      recoveryNoticeShown = false;
      ctx.ui.setWidget(RECOVERY_WIDGET, undefined);
    }
  });
  // An ask that did not wait and ended without an answer owes the model a note. It is normally
  // sent when the ask ends; a session that closed or crashed before that leaves it owed, and it
  // rides on the next run's starting message (the user's), never starting a run of its own.
  pi.on("before_agent_start", async (event, ctx) => {
    loaded?.delivery.runStarting(event.messageType === "user" ? event.prompt : "");
    const branch = ctx.sessionManager.getBranch();
    // Without an answer record on the branch nothing can be owed: no scan, nothing loaded.
    const recorded = branch.some(
      (entry) => entry.type === "custom" && entry.customType === ENTRY_TYPES.answer,
    );
    if (!recorded) return undefined;
    const { owedEndedNotes, endedNoteMessage } = await import("./ended-notes.ts");
    const notes = owedEndedNotes(branch, loaded?.notedHere ?? new Set());
    return notes.length > 0 ? { message: endedNoteMessage(notes) } : undefined;
  });
  pi.on("turn_start", async (_event, ctx) => {
    loaded?.use(ctx);
    await loaded?.withdrawIfDisabled();
  });

  pi.registerCommand("answer", {
    description:
      "Answer the agent's questions: one it asked without waiting (/answer 2 picks the second, /answer skip ends one unanswered), else those written in its last message",
    handler: async (args, ctx) => {
      const [survival, { answerCommand }] = await Promise.all([
        load(),
        import("../answer/answer-command.ts"),
      ]);
      // Read only: an /answer never creates the user's settings file.
      const readProse =
        settings &&
        (async (c: ExtensionContext) => (await (await settings.load()).load(c, false)).answer);
      await answerCommand(survival, ctx, args, readProse);
    },
  });
  pi.registerCommand("answer:again", {
    description: "Reopen the last form /answer built from the agent's message, with your answers",
    handler: async (_args, ctx) => {
      const [survival, { answerAgainCommand }] = await Promise.all([
        load(),
        import("../answer/answer-command.ts"),
      ]);
      await answerAgainCommand(survival, ctx);
    },
  });
  pi.registerCommand("ask:replay", {
    description: "Reopen the latest ask_user question on this branch and answer it again",
    handler: async (_args, ctx) => {
      const [survival, { replayLatest }] = await Promise.all([load(), import("./commands.ts")]);
      await replayLatest(survival, ctx);
    },
  });
  return load;
}

/**
 * Answers `/answer` kept in an earlier instance (no run could take them) are kept again. Without
 * a kept record in the session there are none: nothing is loaded.
 */
async function restoreKept(survival: Survival, ctx: ExtensionContext): Promise<RecoveryNotice[]> {
  const kept = ctx.sessionManager
    .getEntries()
    .some((entry) => entry.type === "custom" && entry.customType === ENTRY_TYPES.keptProse);
  if (!kept) return [];
  return (await import("../answer/answer-command.ts")).restoreKept(survival, ctx);
}

/** The settings' default answer key: not bound by Pi or its editor. */
async function defaultAnswerKey(): Promise<string> {
  return (await import("../../settings/settings.ts")).DEFAULT_SETTINGS.answerKey;
}
