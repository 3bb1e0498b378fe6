import type { ReaskGuard } from "../../settings/reask-guard.ts";
import type { AskSettings } from "./ask-settings.ts";

/**
 * What the tool and `/askuser` get from the extension: the re-ask guard, which is tiny and must
 * exist before any ask, and the settings runtime, loaded on first use so that a session that
 * never asks does not pay for it.
 */
export interface AskSettingsHooks {
  readonly guard: ReaskGuard;
  readonly load: () => Promise<AskSettings>;
}
