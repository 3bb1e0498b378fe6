import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { TOOL_NAME } from "../core/steering.ts";
import { registerSurvival } from "./survive/register.ts";
import { askUserTool } from "./tool.ts";

/**
 * The Pi extension: registers ask_user, and what lets asks outlive their call (recovery after a
 * restart, `/ask:replay`, `/answer` for asks that do not wait). Loading does nothing else, so it
 * costs Pi almost nothing.
 */
export default function askUserExtension(pi: ExtensionAPI): void {
  const survival = registerSurvival(pi);
  pi.registerTool(
    askUserTool({
      deactivate: () => pi.setActiveTools(pi.getActiveTools().filter((name) => name !== TOOL_NAME)),
      survival,
    }),
  );
}
