import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** One file of the answer page, read once at start so every request is served from memory. */
export interface PageAsset {
  /** The request path that serves it: `/`, `/page.js`, `/page.css`. */
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

export const PAGE_FILES = [
  { file: "index.html", path: "/", contentType: "text/html; charset=utf-8" },
  { file: "page.js", path: "/page.js", contentType: "text/javascript; charset=utf-8" },
  { file: "page.css", path: "/page.css", contentType: "text/css; charset=utf-8" },
] as const;

/**
 * Where `npm run build` puts the page, seen from this module: from the source tree
 * (src/remote/) and from the CLI bundle (dist/cli/ or one of its chunks in dist/cli/chunks/).
 */
const CANDIDATES = ["../../dist/page/", "../page/", "../../page/"];

export function pageDirectory(from: string = import.meta.url): string | undefined {
  for (const candidate of CANDIDATES) {
    const directory = fileURLToPath(new URL(candidate, from));
    if (existsSync(`${directory}index.html`)) return directory;
  }
  return undefined;
}

/**
 * The built page, every file of it, or an error that says how to build it. The set of paths is
 * fixed: nothing from a request ever names a file on disk.
 */
export function readPageAssets(directory: string | undefined = pageDirectory()): PageAsset[] {
  if (directory === undefined) {
    throw new Error("the answer page is not built (no dist/page/index.html): run npm run build");
  }
  return PAGE_FILES.map(({ file, path, contentType }) => ({
    path,
    contentType,
    body: readFileSync(`${directory}${file}`),
  }));
}
