/**
 * Takes the page's screenshots for docs/remote.md: release-plan.json being answered at 375 px
 * (a phone, light and dark) and at 1280 px (a desktop, on the Submit tab), with a second agent's
 * question waiting in the list; at 375 px, an option's preview opened without choosing it, and a
 * tap held as a question appears. Needs the built page (npm run build) and /usr/bin/chromium.
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
import { PREVIEW_EXAMPLE } from "../test/remote/page/preview-example.ts";
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

  for (const colorScheme of ["light", "dark"] as const) {
    const phone = await openPage(browser, server.answer.base, { width: 375, height: 812 });
    await phone.page.emulateMedia({ colorScheme });
    await phone.page.goto(server.answer.newPageUrl(plan.id));
    await phone.page.getByRole("checkbox", { name: /Order history/ }).click();
    await phone.page.getByRole("checkbox", { name: /Webhooks/ }).click();
    await phone.page.getByRole("checkbox", { name: /^Other/ }).click();
    await phone.page.locator("#editor").fill("Audit log");
    await phone.page.locator('[data-action="save-other"]').click();
    const name = colorScheme === "light" ? "page-phone.png" : "page-phone-dark.png";
    await phone.page.screenshot({ path: join(out, name), fullPage: true });
    await phone.context.close();
  }

  const layout = await publishAsk(
    PREVIEW_EXAMPLE,
    { agent: "codex", cwd: "/home/me/orders", pid: process.pid },
    { env },
  );
  const preview = await openPage(browser, server.answer.base, { width: 375, height: 812 });
  await preview.page.goto(server.answer.newPageUrl(layout.id));
  await preview.page.getByRole("button", { name: "Preview Workspaces" }).click();
  await preview.page.getByText("Preview: Workspaces").waitFor();
  await preview.page.screenshot({ path: join(out, "page-preview.png"), fullPage: true });
  await preview.context.close();

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

  // The hold: a page showing no question (a server of its own), a question appears, a tap on it
  // is held; the page's clock is stopped so the hold lasts for the picture.
  const holdEnv = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "askuser-shots-")) };
  const holdServer = await startServer({ env: holdEnv });
  try {
    const hold = await openPage(browser, holdServer.answer.base, { width: 375, height: 812 });
    await hold.page.clock.install();
    await hold.page.goto(holdServer.answer.newPageUrl());
    await hold.page.getByText("No agent is waiting").waitFor();
    await hold.page.clock.pauseAt(Date.now() + 60_000);
    await publishAsk(
      example("database"),
      { agent: "claude", cwd: "/home/me/orders", pid: process.pid },
      { env: holdEnv },
    );
    await hold.page.locator(".option").first().waitFor();
    await hold.page.clock.runFor(100);
    await hold.page.locator('.option[data-row="0"]').click();
    await hold.page.getByText("Just opened").waitFor();
    await hold.page.screenshot({ path: join(out, "page-hold.png"), fullPage: true });
    await hold.context.close();
  } finally {
    await holdServer.stop();
  }
  console.log(`wrote the page's screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
