import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { KeyId } from "@earendil-works/pi-tui";
import type { Survival } from "./survival.ts";

/**
 * The key that opens a pending ask, as a Pi key id. Not bound by Pi or its editor by default.
 * It becomes a setting once askuser has user settings.
 */
export const ANSWER_SHORTCUT: KeyId = "alt+a";

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
  shortcut: KeyId = ANSWER_SHORTCUT,
): SurvivalLoader {
  let loaded: Survival | undefined;
  let loading: Promise<Survival> | undefined;
  const load: SurvivalLoader = () => {
    loading ??= import("./survival.ts").then((module) => {
      loaded = new module.Survival(pi, shortcut);
      return loaded;
    });
    return loading;
  };

  pi.on("session_start", async (_event, ctx) => {
    if (!ctx.hasUI || (ctx.mode !== "tui" && ctx.mode !== "rpc")) return;
    const [survival, { recoverInterruptedAsk, restorePendingAsks }] = await Promise.all([
      load(),
      import("./recovery.ts"),
    ]);
    restorePendingAsks(survival, ctx);
    recoverInterruptedAsk(survival, ctx);
  });
  pi.on("session_tree", (_event, ctx) => {
    loaded?.use(ctx);
    loaded?.refreshWidget();
  });
  pi.on("session_shutdown", async () => {
    await loaded?.shutdown();
  });
  pi.on("agent_start", () => {
    loaded?.delivery.runStarted();
  });
  pi.on("turn_start", async (_event, ctx) => {
    loaded?.use(ctx);
    await loaded?.withdrawIfDisabled();
  });

  pi.registerCommand("answer", {
    description: "Answer a question the agent asked without waiting (/answer 2 picks the second)",
    handler: async (args, ctx) => {
      const [survival, { answerPending }] = await Promise.all([load(), import("./commands.ts")]);
      await answerPending(survival, ctx, args);
    },
  });
  pi.registerCommand("ask:replay", {
    description: "Reopen the latest ask_user question on this branch and answer it again",
    handler: async (_args, ctx) => {
      const [survival, { replayLatest }] = await Promise.all([load(), import("./commands.ts")]);
      await replayLatest(survival, ctx);
    },
  });
  pi.registerShortcut(shortcut, {
    description: "Answer a question the agent asked without waiting",
    handler: async (ctx) => {
      const [survival, { answerPending }] = await Promise.all([load(), import("./commands.ts")]);
      await answerPending(survival, ctx, "");
    },
  });
  return load;
}
