import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's chromium, installed by scripts/install-system-deps.sh; no browser is downloaded. */
const CHROMIUM = "/usr/bin/chromium";

/**
 * Flags that work on these machines (no GPU, no sandbox in containers, no network beyond the
 * test's own server). playwright-core gives every launch a fresh profile directory of its own
 * (`--user-data-dir` in a new temporary folder) and removes it on close.
 */
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

interface PageWatch {
  /** Requests to anywhere but the server under test: the page must make none. */
  readonly external: string[];
  /** Uncaught exceptions, console errors and CSP violations. */
  readonly errors: string[];
  /** Requests the page made, as "METHOD /path". */
  readonly requests: string[];
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watch: PageWatch;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** A fresh context (its own cookies and storage) with one watched page. */
export async function openPage(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const watch: PageWatch = { external: [], errors: [], requests: [] };
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`)) watch.external.push(url);
    else watch.requests.push(`${request.method()} ${url.slice(origin.length)}`);
  });
  page.on("console", (message) => {
    // A failed request is checked through the requests themselves (the favicon is the server's
    // plain 404); everything else logged as an error is a fault of the page.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      watch.errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => watch.errors.push(String(error)));
  return { context, page, watch };
}
