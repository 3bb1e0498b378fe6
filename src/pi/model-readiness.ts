import type { Api, Model } from "@earendil-works/pi-ai";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

/** Pi's name for the provider of a session that has no model chosen. */
const UNKNOWN_PROVIDER = "unknown";

/**
 * Why `model` cannot take a request now, in words for the user; undefined when it can. Pi
 * refuses a run on such a model before the prompt reaches the session ("No API key found"), so
 * whatever rides on that prompt would be lost.
 *
 * The check reads Pi's cached view of the credentials, as Pi's own first check does; a provider
 * whose key appeared since (Pi rechecks on a miss) is reported as having none until Pi refreshes.
 */
export function whyModelCannotRun(
  registry: ExtensionContext["modelRegistry"],
  model: Model<Api> | undefined,
): string | undefined {
  if (!model || model.provider === UNKNOWN_PROVIDER) return "the session has no model";
  try {
    if (registry.hasConfiguredAuth(model)) return undefined;
  } catch {
    // Without a way to tell, the request itself says whether it works.
    return undefined;
  }
  return `${model.provider}/${model.id} has no API key set up`;
}
