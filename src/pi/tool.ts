import type { ToolDefinition } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import {
  type AskDetails,
  AskInputSchema,
  PROMPT_GUIDELINES,
  PROMPT_SNIPPET,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
  TOOL_NAME,
} from "../core/index.ts";
import { type AskEnvironment, executeAsk } from "./execute.ts";
import { callText, resultText } from "./render.ts";
import { reaskBlockedResult } from "./result.ts";
import { askThroughDialogs } from "./rpc-dialogs.ts";
import type { AskSettings } from "./settings/ask-settings.ts";
import { type CreateForm, openTuiForm } from "./tui-form.ts";

export interface AskUserToolOptions {
  /** Builds the terminal form for one ask. */
  readonly createForm: CreateForm;
  /** Removes ask_user from the session's active tools (in Pi: `pi.setActiveTools`). */
  readonly deactivate: () => void;
  /** The user's settings around each ask (keys, idle timeout, notifications, re-ask guard). */
  readonly settings?: AskSettings;
}

/**
 * The ask_user tool as Pi sees it. `model-only`: the model may call it, other tools (codemode
 * scripts) may not, because a question must come from the agent's own turn. `sequential`: two
 * forms must never compete for the same keyboard.
 */
export function askUserTool(
  options: AskUserToolOptions,
): ToolDefinition<typeof AskInputSchema, AskDetails> {
  return {
    name: TOOL_NAME,
    label: TOOL_LABEL,
    description: TOOL_DESCRIPTION,
    promptSnippet: PROMPT_SNIPPET,
    promptGuidelines: [...PROMPT_GUIDELINES],
    parameters: AskInputSchema,
    exposure: "model-only",
    executionMode: "sequential",
    async execute(_toolCallId, params, signal, _onUpdate, ctx) {
      const reportFailure = (error: unknown): void => {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
      };
      const settings = options.settings;
      const environment: AskEnvironment = {
        mode: ctx.mode,
        hasUI: ctx.hasUI,
        signal: signal ?? ctx.signal,
        openForm: (ask, formSignal) =>
          openTuiForm(ctx.ui, options.createForm, ask, formSignal, reportFailure),
        dialogs: ctx.ui,
        deactivate: options.deactivate,
        reportFailure,
      };
      if (!settings) return executeAsk(params, environment);
      const result = await executeAsk(params, {
        ...environment,
        preempt: (ask) => (settings.guard.blocked ? reaskBlockedResult(ask) : undefined),
        openForm: (ask, formSignal) =>
          settings.openForm(ctx, ask, (createForm) =>
            openTuiForm(ctx.ui, createForm, ask, formSignal, reportFailure),
          ),
        openDialogs: (ask, dialogSignal) =>
          settings.openDialogs(ctx, ask, ctx.ui, (port, idleTimeout) =>
            askThroughDialogs(ask, port, dialogSignal, reportFailure, idleTimeout),
          ),
      });
      settings.guard.noteOutcome(result.details);
      return result;
    },
    renderCall(args, theme, context) {
      return reuseText(context.lastComponent, callText(args, theme));
    },
    renderResult(result, { expanded, isPartial }, theme, context) {
      if (isPartial)
        return reuseText(context.lastComponent, theme.fg("dim", "Waiting for the user…"));
      return reuseText(context.lastComponent, resultText(result, expanded, theme));
    },
  };
}

function reuseText(last: unknown, text: string): Text {
  const component = last instanceof Text ? last : new Text("", 0, 0);
  component.setText(text);
  return component;
}
