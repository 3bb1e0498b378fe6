import type { Focusable } from "@earendil-works/pi-tui";
import type { FormState, HostEnd } from "../../core/index.ts";
import type { EndableForm } from "../hosted-form.ts";

/**
 * The form with every key press reported as activity, before the form sees it: a key that
 * changes nothing (an unbound key, a cursor move in the editor) still shows the user is there.
 */
export class ActivityReportingForm implements EndableForm, Focusable {
  readonly #form: EndableForm;
  readonly #onActivity: () => void;

  constructor(form: EndableForm, onActivity: () => void) {
    this.#form = form;
    this.#onActivity = onActivity;
  }

  get state(): FormState {
    return this.#form.state;
  }

  get typedAhead(): string {
    return this.#form.typedAhead;
  }

  get erasedAhead(): number {
    return this.#form.erasedAhead;
  }

  get focused(): boolean {
    return (this.#form as Partial<Focusable>).focused ?? false;
  }

  set focused(value: boolean) {
    if ("focused" in this.#form) (this.#form as unknown as Focusable).focused = value;
  }

  handleInput(data: string): void {
    this.#onActivity();
    this.#form.handleInput?.(data);
  }

  render(width: number): readonly string[] {
    return this.#form.render(width);
  }

  invalidate(): void {
    this.#form.invalidate();
  }

  end(resolution: HostEnd): void {
    this.#form.end(resolution);
  }
}
