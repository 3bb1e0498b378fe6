import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

/**
 * A test-only tool the model can call to keep its turn busy until the test releases it: the
 * way to deliver an answer "while the agent is working".
 */
export class Gate {
  #release: (() => void) | undefined;
  #entered = false;

  get entered(): boolean {
    return this.#entered;
  }

  release(): void {
    this.#release?.();
  }

  extension = (pi: ExtensionAPI): void => {
    pi.registerTool({
      name: "wait_for_gate",
      label: "Wait",
      description: "Waits until the test releases it.",
      parameters: Type.Object({}),
      execute: async () => {
        this.#entered = true;
        await new Promise<void>((resolve) => {
          this.#release = resolve;
        });
        return { content: [{ type: "text", text: "gate released" }], details: {} };
      },
    });
  };
}
