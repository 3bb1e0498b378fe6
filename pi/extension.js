import { existsSync } from "node:fs";
import * as piCodingAgent from "@earendil-works/pi-coding-agent";
import * as piTui from "@earendil-works/pi-tui";
import * as typebox from "typebox";

// The package's Pi entry (package.json "pi.extensions"), and the only file of an installed
// askuser that Pi's loader transpiles: it is small, so a first start costs Pi almost nothing.
// Pi maps the three imports above to its own module instances; they are handed to the bundled
// extension in dist/pi/, which Node imports natively and whose host imports all read from them
// (scripts/build.ts). A checkout that was never built loads the TypeScript source through Pi's
// loader instead, so `pi -e ./` works straight after `npm install`.
const built = new URL("../dist/pi/extension.js", import.meta.url);
let extension;
if (existsSync(built)) {
  const host = await import(new URL("../dist/pi/host.js", import.meta.url).href);
  host.provideHostModules({
    "@earendil-works/pi-coding-agent": piCodingAgent,
    "@earendil-works/pi-tui": piTui,
    typebox,
  });
  extension = (await import(built.href)).default;
} else {
  extension = (await import("../src/pi/extension.ts")).default;
}
export default extension;
