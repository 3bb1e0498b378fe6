import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's chromium, installed by scripts/install-system-deps.sh; no browser is downloaded. */
export const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface PageWatch {
  /** Requests to anywhere but the server under test: the page must make none. */
  readonly external: string[];
  /** Console errors, uncaught exceptions and CSP reports. */
  readonly errors: string[];
}

export interface TestBrowser {
  readonly browser: Browser;
  /** A fresh context (its own cookies and storage) with one page, watched. */
  open(options: { width: number; height?: number; origin: string }): Promise<{
    context: BrowserContext;
    page: Page;
    watch: PageWatch;
  }>;
  close(): Promise<void>;
}

/** Chromium with a profile of its own, removed on close. */
export async function launchBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "askuser-chromium-"));
  const context0 = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
  });
  const browser = context0.browser();
  const contexts: BrowserContext[] = [context0];
  return {
    browser: browser as Browser,
    async open({ width, height = 800, origin }) {
      const context = browser
        ? await browser.newContext({ viewport: { width, height } })
        : context0;
      contexts.push(context);
      const page = await context.newPage();
      if (!browser) await page.setViewportSize({ width, height });
      const watch: PageWatch = { external: [], errors: [] };
      page.on("request", (request) => {
        if (!request.url().startsWith(origin)) watch.external.push(request.url());
      });
      page.on("console", (message) => {
        if (message.type() === "error") watch.errors.push(message.text());
      });
      page.on("pageerror", (error) => watch.errors.push(String(error)));
      return { context, page, watch };
    },
    async close() {
      for (const context of contexts.reverse()) await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
