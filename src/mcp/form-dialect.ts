/**
 * How a client renders an elicitation form, where clients differ. Known today: Codex drops a
 * whole form with a number or multi-select field to a bare accept/decline, so its multi-select
 * questions become one checkbox per option; Cursor shows a titled `oneOf` as a plain text box
 * but a plain `enum` as a dropdown. A client on the 2025-06-18 revision gets `flat`: that
 * revision's form has neither titled options nor multi-select arrays (both came in 2025-11-25),
 * so single-selects are an `enum` with `enumNames` and multi-selects a checkbox per option.
 * Claude Code gets that schema with a message of one paragraph: it wraps a message only when it
 * has no line break, and shows its first three lines. Every other client gets the schema the
 * specification recommends.
 */
export type FormDialect = "generic" | "claude-code" | "codex" | "cursor" | "flat";

/** The first revision with titled options and multi-select fields. */
const TITLED_AND_MULTI_REVISION = "2025-11-25";

/**
 * The dialect for a client, from the protocol revision it speaks and the name it gave in
 * `clientInfo` (case and spacing ignored).
 */
export function dialectFor(clientName: string | undefined, revision?: string): FormDialect {
  if (revision !== undefined && revision < TITLED_AND_MULTI_REVISION) return "flat";
  const name = (clientName ?? "").toLowerCase().replace(/[\s_-]+/g, "");
  if (name.startsWith("codex")) return "codex";
  if (name.startsWith("cursor")) return "cursor";
  if (name.startsWith("claudecode")) return "claude-code";
  return "generic";
}

/** Whether a multi-select question is one checkbox per option in this dialect. */
export function checkboxesFor(dialect: FormDialect): boolean {
  return dialect === "codex" || dialect === "flat";
}
