import type { ExtensionToolContext } from "@earendil-works/pi-coding-agent";
import { type Ask, errorMessage, neutraliseInline } from "../core/index.ts";
import type { AskOptions } from "./ask-options.ts";
import { type AskEnvironment, executeAsk } from "./execute.ts";
import type { EventBus } from "./remote/local-events.ts";
import { type AskToolResult, reaskBlockedResult } from "./result.ts";
import type { AskSettingsHooks } from "./settings/hooks.ts";
import { showAsk } from "./show-ask.ts";

/**
 * One ask_user call, wired to Pi's context. Loaded on the first call, not when Pi starts: a
 * session that never asks pays only for registering the tool. The settings load only once
 * validation and the availability checks have passed, and are read into one value per ask.
 */
export async function runAsk(
  params: unknown,
  signal: AbortSignal | undefined,
  ctx: ExtensionToolContext,
  deactivate: () => void,
  settings?: AskSettingsHooks,
  hooks?: Pick<AskEnvironment, "recordAsk" | "startPending">,
  events?: EventBus,
): Promise<AskToolResult> {
  // Settings must never cost the user a question: if their code cannot load, ask without them.
  const optionsFor = async (ask: Ask): Promise<AskOptions> => {
    if (!settings) return {};
    try {
      return await (await settings.load()).optionsFor(ctx, ask, "call");
    } catch (error) {
      const reason = neutraliseInline(errorMessage(error));
      ctx.ui.notify(
        `askuser settings could not be loaded (${reason}); asking without them`,
        "error",
      );
      return {};
    }
  };
  const result = await executeAsk(params, {
    mode: ctx.mode,
    hasUI: ctx.hasUI,
    signal: signal ?? ctx.signal,
    show: async (ask, showSignal) =>
      showAsk(ctx, { ask, signal: showSignal, options: await optionsFor(ask) }, events),
    deactivate,
    ...(settings
      ? { preempt: (ask: Ask) => (settings.guard.blocked ? reaskBlockedResult(ask) : undefined) }
      : {}),
    ...hooks,
  });
  settings?.guard.noteOutcome(result.details);
  return result;
}
