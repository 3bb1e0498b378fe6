import type { Component, Focusable } from "@earendil-works/pi-tui";
import type { FormState, HostEnd } from "../core/index.ts";
import type { IdleDeadline } from "./ask-options.ts";

/** What the extension needs from the terminal form: a component it can end and read. */
export interface EndableForm extends Component {
  /** Ends the form from outside (abort, failure, shutdown); a no-op once the form has ended. */
  end(resolution: HostEnd): void;
  readonly state: FormState;
  /** Text typed while the form held keys as it appeared; meant for Pi's editor. */
  readonly typedAhead: string;
  /** Backspaces typed then with no held text to take back: they erase the end of Pi's editor. */
  readonly erasedAhead: number;
}

/**
 * The form as Pi hosts it: every call Pi makes is guarded, so an exception inside the form ends
 * it as a UI failure (keeping the answers given) instead of escaping into Pi's render loop, and
 * `dispose()` — which Pi calls after `done()` and also when a reload or session switch throws the
 * dialog away without resolving it — ends a form that is still open. Every key counts as activity
 * for the idle deadline before the form sees it: a key that changes nothing (an unbound key, a
 * cursor move in the editor) still shows the user is there.
 */
export class HostedForm implements Component, Focusable {
  readonly #form: EndableForm;
  readonly #idle: Pick<IdleDeadline, "touch"> | undefined;
  readonly #onFailure: (error: unknown) => void;
  readonly #onDispose: () => void;

  constructor(
    form: EndableForm,
    idle: Pick<IdleDeadline, "touch"> | undefined,
    onFailure: (error: unknown) => void,
    onDispose: () => void,
  ) {
    this.#form = form;
    this.#idle = idle;
    this.#onFailure = onFailure;
    this.#onDispose = onDispose;
  }

  get focused(): boolean {
    return (this.#form as Partial<Focusable>).focused ?? false;
  }

  set focused(value: boolean) {
    if ("focused" in this.#form) (this.#form as unknown as Focusable).focused = value;
  }

  render(width: number): readonly string[] {
    try {
      return this.#form.render(width);
    } catch (error) {
      this.#onFailure(error);
      return [];
    }
  }

  handleInput(data: string): void {
    this.#idle?.touch();
    try {
      this.#form.handleInput?.(data);
    } catch (error) {
      this.#onFailure(error);
    }
  }

  invalidate(): void {
    try {
      this.#form.invalidate();
    } catch (error) {
      this.#onFailure(error);
    }
  }

  dispose(): void {
    this.#onDispose();
  }
}
