/**
 * The CLI's import of pi-tui, as only the modules the form uses.
 *
 * pi-tui's entry loads about forty modules (its Markdown renderer and `marked`, images, LaTeX,
 * autocomplete…) of which the form uses five. It is a peer dependency, never bundled: the CLI
 * imports it from the copy installed beside askuser. This plugin gives the CLI bundle, in place
 * of `@earendil-works/pi-tui`, a module that imports only the files of that copy which define
 * the names askuser's terminal form imports, found in the installed pi-tui's own entry at build
 * time. They are the same module instances its entry re-exports (the same files), so state
 * such as the keyboard protocol flag is shared. Should the installed copy not have those files
 * (a later pi-tui that moved them or closed its deep paths), the module falls back to the whole
 * entry: slower to start, never broken.
 *
 * Nothing of pi-tui loads when the CLI starts: the files are imported by `piTuiReady()`
 * (src/tui/pi-tui-ready.ts, which this plugin maps to the parts module), which the terminal form
 * calls once its first frame is on the screen.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "esbuild";

const PACKAGE = "@earendil-works/pi-tui";
const NAMESPACE = "askuser-pi-tui-parts";
/** src/tui/pi-tui-ready.ts, which the CLI bundle takes from the parts module instead. */
const READY_MODULE = /\/src\/tui\/pi-tui-ready\.ts$/u;
const READY_NAME = "piTuiReady";

/**
 * The value names the CLI's sources import from pi-tui (its types cost nothing at run time).
 * A name missing here fails the build ("No matching export"), so the list cannot fall behind.
 */
const FORM_NAMES = [
  "decodeKittyPrintable",
  "Editor",
  "matchesKey",
  "ProcessTerminal",
  "truncateToWidth",
  "TuiMainScreen",
  "visibleWidth",
  "wrapTextWithAnsi",
];

/** Which file of the installed pi-tui each name of its entry comes from ("./utils.js"). */
function filesOfNames(entryText: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of entryText.matchAll(/export\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/gu)) {
    const [, list = "", file = ""] = match;
    for (const part of list.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/u, "")
        .split(/\s+as\s+/u)
        .at(-1);
      if (name) files.set(name, file);
    }
  }
  return files;
}

/**
 * The module that stands for pi-tui in the CLI bundle. Importing it loads nothing of pi-tui: each
 * name is a live binding that becomes pi-tui's own once `piTuiReady()` has loaded the files, so
 * the form's first frame can be drawn (by askuser's own measuring) before pi-tui's modules are
 * read and evaluated. A name used before that throws.
 */
export function partsModuleSource(entryText: string, names: readonly string[]): string {
  const files = filesOfNames(entryText);
  const missing = names.filter((name) => !files.has(name));
  if (missing.length > 0) {
    throw new Error(
      `${PACKAGE}'s entry does not export ${missing.join(", ")} from a file of its own; update FORM_NAMES in scripts/pi-tui-parts.ts`,
    );
  }
  const used = [...new Set(names.map((name) => files.get(name) as string))];
  const imports = used.map(
    (file) => `import(${JSON.stringify(`${PACKAGE}/dist/${file.slice(2)}`)})`,
  );
  const at = names.map((name) => used.indexOf(files.get(name) as string));
  // A failed import of the parts is not an error to report: the whole entry is the way that
  // always works, and it is taken instead.
  return `const NAMES = ${JSON.stringify(names)};
const AT = ${JSON.stringify(at)};
const notLoaded = (name) =>
  function () {
    throw new Error(\`askuser: pi-tui's \${name} was used before piTuiReady() loaded it\`);
  };
${names.map((name) => `export let ${name} = notLoaded(${JSON.stringify(name)});`).join("\n")}
let loading;
export function ${READY_NAME}() {
  loading ??= load();
  return loading;
}
async function load() {
  const parts = await Promise.all([${imports.join(", ")}]).catch(() => undefined);
  const whole =
    parts !== undefined && NAMES.every((name, i) => parts[AT[i]][name] !== undefined)
      ? undefined
      : await import(${JSON.stringify(PACKAGE)});
  const from = (i) => (whole === undefined ? parts[AT[i]][NAMES[i]] : whole[NAMES[i]]);
${names.map((name, i) => `  ${name} = from(${i});`).join("\n")}
}
`;
}

/** Routes the CLI's own imports of pi-tui to the module of its parts. */
export const piTuiParts: Plugin = {
  name: "askuser-pi-tui-parts",
  setup(context) {
    context.onResolve({ filter: /pi-tui-ready\.ts$/ }, (args) =>
      READY_MODULE.test(join(args.resolveDir, args.path))
        ? { path: PACKAGE, namespace: NAMESPACE }
        : undefined,
    );
    context.onResolve({ filter: /^@earendil-works\/pi-tui$/ }, (args) =>
      args.namespace === NAMESPACE || args.importer.includes("/node_modules/")
        ? undefined
        : { path: PACKAGE, namespace: NAMESPACE },
    );
    context.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => {
      const require = createRequire(import.meta.url);
      const entry = join(dirname(require.resolve(`${PACKAGE}/package.json`)), "dist/index.js");
      return {
        contents: partsModuleSource(readFileSync(entry, "utf8"), FORM_NAMES),
        loader: "js",
        resolveDir: dirname(entry),
      };
    });
  },
};
