import type { CreateForm } from "./tui-form.ts";

/** Placeholder until the terminal form is merged: the terminal path reports a UI failure. */
export const createTerminalForm: CreateForm = () => {
  throw new Error("the terminal form is not available in this build");
};
