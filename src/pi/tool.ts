import type { ToolDefinition } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import {
  type AskDetails,
  type AskInput,
  AskInputSchema,
  invalidDetails,
  modelText,
  PROMPT_GUIDELINES,
  PROMPT_SNIPPET,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
  TOOL_NAME,
  validateAskInput,
} from "../core/index.ts";
import type { EventBus } from "./remote/local-events.ts";
import { callText, resultText } from "./render.ts";
import type { AskSettingsHooks } from "./settings/hooks.ts";
import type { LaterEnds } from "./survive/later-ends.ts";
import type { SurvivalLoader } from "./survive/register.ts";

export interface AskUserToolOptions {
  /** Removes ask_user from the session's active tools (in Pi: `pi.setActiveTools`). */
  readonly deactivate: () => void;
  /** The user's settings around each ask (keys, idle timeout, notifications, re-ask guard). */
  readonly settings?: AskSettingsHooks;
  /** Lets asks outlive their call: recorded for a restart, or left pending (loaded on first use). */
  readonly survival?: SurvivalLoader;
  /** Pi's event bus (`pi.events`): every ask is announced there and can be answered from there. */
  readonly events?: EventBus;
  /** How asks that did not wait ended later, so their rows stop saying an answer will come. */
  readonly laterEnds?: LaterEnds;
}

/**
 * The ask_user tool as Pi sees it. `model-only`: the model may call it, other tools (codemode
 * scripts) may not, because a question must come from the agent's own turn. `sequential`: two
 * forms must never compete for the same keyboard. Only what registration and rendering need is
 * imported here (core modules by file, not the core index); `execute` loads the rest on first use.
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
    // Pi checks arguments against the JSON Schema before execute, and its messages say what is
    // wrong but not how to fix it. Validating here first gives the model our message, naming
    // every problem and its fix, whatever the mistake; valid arguments pass through untouched.
    prepareArguments(args) {
      const validation = validateAskInput(args);
      if (!validation.ok) throw new Error(modelText(invalidDetails(validation.issues)));
      return args as AskInput;
    },
    async execute(toolCallId, params, signal, _onUpdate, ctx) {
      const { runAsk } = await import("./run-ask.ts");
      const hooks = (await options.survival?.())?.forCall(toolCallId, ctx);
      try {
        const { deactivate, settings, events } = options;
        return await runAsk(params, signal, ctx, deactivate, settings, hooks, events);
      } finally {
        hooks?.release();
      }
    },
    renderCall(args, theme, context) {
      return reuseText(context.lastComponent, callText(args, theme));
    },
    renderResult(result, { expanded, isPartial }, theme, context) {
      if (isPartial)
        return reuseText(context.lastComponent, theme.fg("dim", "Waiting for the user…"));
      const { laterEnds } = options;
      if (laterEnds && result.details?.status === "pending") {
        laterEnds.watch(context.toolCallId, context.invalidate);
      }
      const later = laterEnds?.get(context.toolCallId);
      return reuseText(context.lastComponent, resultText(result, expanded, theme, later));
    },
  };
}

function reuseText(last: unknown, text: string): Text {
  const component = last instanceof Text ? last : new Text("", 0, 0);
  component.setText(text);
  return component;
}
