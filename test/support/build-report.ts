/** The file the slow project's global setup writes in the package folder when its build ends. */
export const BUILD_REPORT = ".askuser-test-build.json";

export interface BuildReport {
  /** The build's exit code, or the signal that ended it, or null when it could not start. */
  readonly code: number | string | null;
  /** What it printed. */
  readonly output: string;
}
