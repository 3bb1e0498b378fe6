/**
 * npm run build: what the package ships in dist/.
 *
 * - tsc compiles the library entry points (`askuser`, `askuser/transcripts`) file by file, with
 *   their type declarations.
 * - esbuild bundles the two programs: the CLI (dist/cli/process.js, run by bin/askuser.js) and the
 *   Pi extension (dist/pi/extension.js, loaded by pi/extension.js). Each lazily imported module
 *   becomes its own chunk, so a command or a tool call still loads only what it uses, and a start
 *   reads a few files instead of dozens. askuser's own modules are marked free of side effects,
 *   so a module none of whose exports is used is left out: the form's path does not load the
 *   schema library it never calls.
 *
 * - esbuild also bundles the answer page (dist/remote/page: its HTML shell, one script, one style
 *   sheet), minified for the browser. The page drives the same core as the terminal form; it
 *   must not carry the schema library (the server sends the ask already validated), so a
 *   bundle that pulls in typebox fails the build.
 *
 * The Pi bundle is imported natively by Node, because Pi's loader would otherwise transpile all
 * of it on the first start (about a second). Its imports of Pi's host packages therefore cannot
 * be left to Node, which would find no copy or the wrong one: each becomes a module that reads
 * the instance Pi's loader mapped for pi/extension.js, handed over through dist/pi/host.js.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build, type OutputFile, type Plugin } from "esbuild";
import { piTuiParts } from "./pi-tui-parts.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The packages pi/extension.js imports through Pi's loader and hands to the Pi bundle. */
const PI_HOST_PACKAGES = ["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui", "typebox"];
const HOST_REGISTRY = "askuser:pi-host";

const HOST_REGISTRY_SOURCE = `
let provided;
export function provideHostModules(modules) {
  provided = modules;
}
export function hostModule(specifier) {
  const module = provided?.[specifier];
  if (module === undefined) {
    throw new Error(
      \`askuser: Pi's \${specifier} was not provided; load askuser through its package entry, pi/extension.js\`,
    );
  }
  return module;
}
`;

const ownModulesAreSideEffectFree: Plugin = {
  name: "askuser-side-effect-free",
  setup(context) {
    context.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === ownModulesAreSideEffectFree) return undefined;
      const resolved = await context.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: ownModulesAreSideEffectFree,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { ...resolved, sideEffects: false };
    });
  },
};

/**
 * Packages the CLI bundle carries inside itself (dev dependencies), so the package keeps no
 * runtime dependencies: the QR code `askuser serve --lan` prints, and the MCP SDK `askuser mcp`
 * serves with (with what it imports in turn). Every other package stays an import: Pi's packages,
 * which the CLI's form draws with, are peer dependencies installed beside it and never bundled,
 * so askuser runs on the pi-tui its user has, not a second copy of its own.
 */
const CLI_BUNDLED_PACKAGES = ["uqr", "@modelcontextprotocol/server"];

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

const bundledIntoCli: Plugin = {
  name: "askuser-cli-bundled-packages",
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      // Only a bundled package's own code lives under node_modules in this bundle.
      const fromBundled = args.importer.includes("/node_modules/");
      return fromBundled || CLI_BUNDLED_PACKAGES.includes(packageName(args.path))
        ? undefined
        : { path: args.path, external: true };
    });
  },
};

/**
 * The MCP SDK's Node shims, without the default JSON Schema validator. The SDK imports it
 * statically, and it is ajv: a third of the SDK's code, evaluated before `initialize` could be
 * answered although it only ever checks a form's reply. askuser gives each `Server` the same
 * validator, loaded after the handshake (src/mcp/deferred-validator.ts); a `Server` built
 * without one in this bundle fails at once, saying so, instead of validating nothing.
 */
const SDK_SHIMS = "@modelcontextprotocol/server/_shims";
const SDK_SHIMS_SOURCE = `
import process from "node:process";
export { process };
export class DefaultJsonSchemaValidator {
  constructor() {
    throw new Error(
      "askuser's bundle leaves out the MCP SDK's default JSON Schema validator: give the Server a DeferredJsonSchemaValidator (src/mcp/deferred-validator.ts)",
    );
  }
}
`;

const sdkShimsWithoutAjv: Plugin = {
  name: "askuser-sdk-shims-without-ajv",
  setup(context) {
    context.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
      path: SDK_SHIMS,
      namespace: "askuser-sdk-shims",
    }));
    context.onLoad({ filter: /.*/, namespace: "askuser-sdk-shims" }, () => ({
      contents: SDK_SHIMS_SOURCE,
      loader: "js",
    }));
  },
};

/** Routes every host-package import of the Pi bundle to the instance Pi handed over. */
const piHostModules: Plugin = {
  name: "askuser-pi-host-modules",
  setup(context) {
    context.onResolve({ filter: /^askuser:pi-host$/ }, () => ({
      path: HOST_REGISTRY,
      namespace: "pi-host",
    }));
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      if (PI_HOST_PACKAGES.includes(args.path)) return { path: args.path, namespace: "pi-host" };
      return {
        errors: [
          {
            text: `${args.path} is neither a Node built-in nor a package pi/extension.js hands over (${PI_HOST_PACKAGES.join(", ")}): the natively imported Pi bundle cannot import it`,
          },
        ],
      };
    });
    context.onLoad({ filter: /.*/, namespace: "pi-host" }, (args) =>
      args.path === HOST_REGISTRY
        ? { contents: HOST_REGISTRY_SOURCE, loader: "js" }
        : {
            contents: `module.exports = require(${JSON.stringify(HOST_REGISTRY)}).hostModule(${JSON.stringify(args.path)});`,
            loader: "js",
          },
    );
  },
};

const shared: BuildOptions = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  // Node 22 has regular expressions with the `v` flag, but esbuild's table lowers them to
  // `new RegExp(…)`, which compiles each when its module loads instead of on first use.
  supported: { "regexp-set-notation": true },
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
};

/** What dist/ holds; anything else there is left over from an older build. */
const DIST_ENTRIES = new Set([
  "cli",
  "core",
  "pi",
  "remote",
  "transcripts",
  "index.js",
  "index.js.map",
  "index.d.ts",
]);

/**
 * Writes the bundles without ever removing dist/ first: tests and a `pi -e ./` may be running
 * from it while `npm pack` rebuilds it. A file is rewritten only when it changed (chunk names
 * are content hashes), and files no longer produced are removed after the new ones exist.
 */
function writeBundle(outdir: string, files: readonly OutputFile[]): void {
  const produced = new Set(files.map((file) => file.path));
  for (const file of files) {
    if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !produced.has(path)) rmSync(path);
  }
}

mkdirSync(`${root}dist`, { recursive: true });
for (const entry of readdirSync(`${root}dist`)) {
  if (!DIST_ENTRIES.has(entry)) rmSync(`${root}dist/${entry}`, { recursive: true, force: true });
}
execFileSync(
  process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, "-p", "tsconfig.build.json"],
  { cwd: root, stdio: "inherit" },
);
const pageSource = `${root}src/remote/page`;
const [cli, pi, page] = await Promise.all([
  build({
    ...shared,
    write: false,
    entryPoints: { process: `${root}src/cli/process.ts` },
    outdir: `${root}dist/cli`,
    plugins: [piTuiParts, ownModulesAreSideEffectFree, sdkShimsWithoutAjv, bundledIntoCli],
  }),
  build({
    ...shared,
    write: false,
    entryPoints: { extension: `${root}src/pi/extension.ts`, host: HOST_REGISTRY },
    outdir: `${root}dist/pi`,
    plugins: [ownModulesAreSideEffectFree, piHostModules],
  }),
  build({
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "firefox115", "safari16"],
    minify: true,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    entryPoints: { page: `${pageSource}/main.ts`, "page-style": `${pageSource}/page.css` },
    entryNames: "[name]",
    outdir: `${root}dist/remote/page`,
    plugins: [ownModulesAreSideEffectFree],
  }),
]);
// Only what reaches an output counts: esbuild reads the schema module and drops it unused.
const pagePackages = Object.values(page.metafile.outputs)
  .flatMap((output) => Object.keys(output.inputs))
  .filter((input) => input.includes("node_modules/"));
if (pagePackages.length > 0) {
  throw new Error(
    `the answer page bundles ${pagePackages.length} files of packages (${pagePackages[0]}, …): it may only use askuser's own modules`,
  );
}
// A warning here is a mistake in the bundle (an own module imported only for its side effects
// would be dropped, for one), so it fails the build.
if (cli.warnings.length + pi.warnings.length + page.warnings.length > 0) {
  throw new Error("the bundles have warnings (printed above); fix them");
}
writeBundle(`${root}dist/cli`, cli.outputFiles);
writeBundle(`${root}dist/pi`, pi.outputFiles);
writeBundle(`${root}dist/remote/page`, [
  ...page.outputFiles.map((file) =>
    file.path.endsWith("page-style.css")
      ? { ...file, path: file.path.replace(/page-style\.css$/u, "page.css") }
      : file,
  ),
  pageShell(),
]);

/** The HTML shell as written, as an output file beside the bundle. */
function pageShell(): OutputFile {
  const contents = readFileSync(`${pageSource}/index.html`);
  return {
    path: `${root}dist/remote/page/index.html`,
    contents,
    hash: "",
    get text() {
      return contents.toString("utf8");
    },
  };
}
