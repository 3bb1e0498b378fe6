import type { Settings } from "../settings/settings.ts";

/**
 * The `remote` setting: publish each question to the local answer server too. Read by name
 * because the setting belongs to the answer server's surfaces; absent or not `true` is off.
 */
export function remoteAnswering(settings: Settings): boolean {
  return (settings as unknown as Readonly<Record<string, unknown>>).remote === true;
}
