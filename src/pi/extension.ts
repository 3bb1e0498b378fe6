import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { TOOL_NAME } from "../core/steering.ts";
import { askUserTool } from "./tool.ts";

/** The Pi extension: registers ask_user. Loading does nothing else, so it costs Pi almost nothing. */
export default function askUserExtension(pi: ExtensionAPI): void {
  pi.registerTool(
    askUserTool({
      deactivate: () => pi.setActiveTools(pi.getActiveTools().filter((name) => name !== TOOL_NAME)),
    }),
  );
}
