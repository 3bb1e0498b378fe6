import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { Changes, waitFor } from "../../support/wait-for.ts";

/**
 * A test-only tool the model can call to keep its turn busy until the test releases it: the
 * way to deliver an answer "while the agent is working".
 */
export class Gate {
  #release: (() => void) | undefined;
  #entered = false;
  readonly #changes = new Changes();

  get entered(): boolean {
    return this.#entered;
  }

  /** Resolves once the model's call of the tool is running (the agent is busy in it). */
  whenEntered(): Promise<true> {
    return waitFor("the agent to be busy in the gate tool", this.#changes, () => this.#entered);
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
        this.#changes.notify();
        await new Promise<void>((resolve) => {
          this.#release = resolve;
        });
        return { content: [{ type: "text", text: "gate released" }], details: {} };
      },
    });
  };
}
