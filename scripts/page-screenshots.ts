/**
 * Takes the page's screenshots for docs/remote.md: release-plan.json being answered at 375 px
 * (a phone) and at 1280 px (a desktop, on the Submit tab), with a second agent's question
 * waiting in the list. Needs the built page (npm run build) and /usr/bin/chromium.
 *
 *   node scripts/page-screenshots.ts [output folder, default docs/images]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validateAskInput } from "../src/core/index.ts";
import { publishAsk } from "../src/remote/client.ts";
import { startServer } from "../src/remote/serve.ts";
import { launchBrowser, openPage } from "../test/support/browser.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = process.argv[2] ?? join(root, "docs/images");

function example(name: string) {
  const result = validateAskInput(
    JSON.parse(readFileSync(join(root, "examples", `${name}.json`), "utf8")),
  );
  if (!result.ok) throw new Error(`examples/${name}.json is invalid`);
  return result.ask;
}

const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "askuser-shots-")) };
const server = await startServer({ env });
const browser = await launchBrowser();
try {
  await publishAsk(
    example("database"),
    { agent: "claude", cwd: "/home/me/orders", pid: process.pid },
    { env },
  );
  const plan = await publishAsk(
    example("release-plan"),
    { agent: "pi", cwd: "/home/me/shop", pid: process.pid },
    { env },
  );

  const phone = await openPage(browser, server.answer.base, { width: 375, height: 812 });
  await phone.page.goto(server.answer.newPageUrl(plan.id));
  await phone.page.getByRole("checkbox", { name: /Order history/ }).click();
  await phone.page.getByRole("checkbox", { name: /Webhooks/ }).click();
  await phone.page.getByRole("checkbox", { name: /^Other/ }).click();
  await phone.page.locator("#editor").fill("Audit log");
  await phone.page.locator('[data-action="save-other"]').click();
  await phone.page.screenshot({ path: join(out, "page-phone.png"), fullPage: true });
  await phone.context.close();

  const desktop = await openPage(browser, server.answer.base, { width: 1280, height: 800 });
  await desktop.page.goto(server.answer.newPageUrl(plan.id));
  await desktop.page.getByRole("checkbox", { name: /Order history/ }).click();
  await desktop.page.getByRole("checkbox", { name: /Webhooks/ }).click();
  await desktop.page.locator('[data-action="confirm"]').click();
  await desktop.page.locator("#editor").fill("refunds can wait a release");
  await desktop.page.locator('[data-action="save-note"]').click();
  await desktop.page.getByRole("radio", { name: /REST \+ JSON/ }).click();
  await desktop.page.locator('[data-tab="3"]').click();
  await desktop.page.screenshot({ path: join(out, "page-desktop.png") });
  await desktop.context.close();
  console.log(`wrote ${join(out, "page-phone.png")} and ${join(out, "page-desktop.png")}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
