/**
 * What settings need from the terminal form's key table: its contexts, and the problems of one
 * context's overrides applied over the defaults (unknown key or command names, a key bound twice,
 * no way left to confirm or to leave). The form owns the table and its rules; settings only decide
 * which overrides to keep.
 */
export interface KeymapChecker {
  readonly contexts: readonly string[];
  /** Empty when the overrides leave the context usable. */
  problems(
    context: string,
    bindings: Readonly<Record<string, readonly string[]>>,
  ): readonly string[];
}
