import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskSettingsHooks } from "../settings/hooks.ts";
import type { CreateForm } from "../tui-form.ts";

/** What survival takes from the user's settings. */
export interface SurvivalSettings {
  /**
   * The key that opens a waiting ask, as Pi's key id; undefined when the user turned it off.
   * Read once per session, when Pi starts it: Pi collects shortcuts right after session start.
   */
  answerKey(ctx: ExtensionContext): Promise<string | undefined>;
  /** The terminal form with the user's keys, for asks shown outside their tool call. */
  createForm(ctx: ExtensionContext): Promise<CreateForm>;
  /** How `/answer` reads questions written in prose: the model to ask, and how long to wait. */
  proseAnswer(ctx: ExtensionContext): Promise<ProseAnswerSettings>;
}

export interface ProseAnswerSettings {
  /** `"provider/model-id"`, or `""` for the session's current model. */
  readonly model: string;
  readonly timeoutSeconds: number;
}

const DEFAULT_ANSWER_KEY = "alt+a";

/** Loaded with the extension, so it imports nothing but types: the rest loads on first use. */
export function survivalSettings(hooks: AskSettingsHooks): SurvivalSettings {
  return {
    async answerKey(ctx) {
      // Read without creating the user file: only an ask does that.
      const settings = await (await hooks.load()).load(ctx, false);
      if (settings.answerKey === "") return undefined;
      const { canonicalKey } = await import("../../tui/keymap/key-names.ts");
      const key = canonicalKey(settings.answerKey);
      if (key) return key;
      const { jsonForDisplay } = await import("../../core/index.ts");
      ctx.ui.notify(
        `askuser settings: answerKey ${jsonForDisplay(settings.answerKey)} is not a key name Pi knows (like "alt+a"); ${DEFAULT_ANSWER_KEY} is used`,
        "warning",
      );
      return DEFAULT_ANSWER_KEY;
    },
    async proseAnswer(ctx) {
      const settings = await (await hooks.load()).load(ctx, false);
      return settings.answer;
    },
    async createForm(ctx) {
      const settings = await (await hooks.load()).load(ctx);
      const [{ formKeymap }, { terminalForm }] = await Promise.all([
        import("../../tui/keymap/keymap-overrides.ts"),
        import("../form-adapter.ts"),
      ]);
      return terminalForm({
        keymap: formKeymap(settings.keys),
        inputGuardMs: settings.inputGuardMs,
      });
    },
  };
}
