/**
 * How a client renders an elicitation form, where clients differ. Known today: Codex drops a
 * whole form with a number or multi-select field to a bare accept/decline, so its multi-select
 * questions become one checkbox per option; Cursor shows a titled `oneOf` as a plain text box
 * but a plain `enum` as a dropdown. Every other client gets the schema the specification
 * recommends.
 */
export type FormDialect = "generic" | "codex" | "cursor";

/** The dialect for a client, from the name it gave in `clientInfo` (case and spacing ignored). */
export function dialectFor(clientName: string | undefined): FormDialect {
  const name = (clientName ?? "").toLowerCase().replace(/[\s_-]+/g, "");
  if (name.startsWith("codex")) return "codex";
  if (name.startsWith("cursor")) return "cursor";
  return "generic";
}
