import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { packageRoot } from "./package-root.ts";

/** One file of the page, served from memory at a fixed path. */
export interface PageAsset {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

/**
 * The page's files: the only static paths the server answers, read once into memory at start.
 * No request path is ever joined to a directory, so no path trick can reach another file. The
 * page build (scripts/build.ts) writes these into dist/remote/page/.
 */
const PAGE_FILES: readonly {
  readonly path: string;
  readonly file: string;
  readonly contentType: string;
}[] = [
  { path: "/", file: "index.html", contentType: "text/html; charset=utf-8" },
  { path: "/page.js", file: "page.js", contentType: "text/javascript; charset=utf-8" },
  { path: "/page.css", file: "page.css", contentType: "text/css; charset=utf-8" },
];

export const PAGE_DIR = "dist/remote/page";

/** What the page files were: the assets found, and the names missing (the page is not built). */
export interface LoadedPage {
  readonly assets: readonly PageAsset[];
  readonly missing: readonly string[];
}

export async function loadPageAssets(
  dir: string = join(packageRoot(), PAGE_DIR),
): Promise<LoadedPage> {
  const assets: PageAsset[] = [];
  const missing: string[] = [];
  for (const entry of PAGE_FILES) {
    try {
      assets.push({
        path: entry.path,
        contentType: entry.contentType,
        body: await readFile(join(dir, entry.file)),
      });
    } catch {
      missing.push(entry.file);
    }
  }
  return { assets, missing };
}
