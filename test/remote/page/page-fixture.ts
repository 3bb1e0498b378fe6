import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import type { Ask } from "../../../src/core/index.ts";
import { publishAsk, type RemoteAsk } from "../../../src/remote/client.ts";
import { loadPageAssets, PAGE_DIR } from "../../../src/remote/page-assets.ts";
import type { RunningServer } from "../../../src/remote/serve.ts";
import { startServer } from "../../../src/remote/serve.ts";
import { askOf } from "../../support/asks.ts";
import { launchBrowser, type OpenedPage, openPage } from "../../support/browser.ts";
import { PACKAGE } from "../../support/run-cli.ts";
import { REPORT_AFTER_MS } from "../../support/wait-for.ts";
import { runtimeEnv } from "../support.ts";

export const AGENT = { agent: "pi", cwd: "/home/me/shop", pid: process.pid };

export function examplePayload(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), "utf8"),
  );
}

export const releasePlan = (): Ask => askOf(examplePayload("release-plan"));

export { PREVIEW_EXAMPLE as PREVIEWS } from "./preview-example.ts";

/**
 * One browser for the file, and for each test a real answer server serving the built page (the
 * slow project's setup built the package), so a test drives exactly what a user gets.
 */
export function usePageFixture() {
  // A loaded machine (CI, other jobs) stretches every browser step; the waits poll, so a
  // generous limit costs nothing when things are quick.
  vi.setConfig({ expect: { poll: { timeout: REPORT_AFTER_MS } } });
  let browser: Browser | undefined;
  let server: (RunningServer & { env: Record<string, string> }) | undefined;
  const pages: OpenedPage[] = [];
  const remotes: RemoteAsk[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const opened of pages.splice(0)) await opened.context.close().catch(() => {});
    for (const remote of remotes.splice(0)) await remote.withdraw("session_closed").catch(() => {});
    await server?.stop();
    server = undefined;
  });

  const fixture = {
    async server() {
      if (!server) {
        const env = runtimeEnv();
        const page = await loadPageAssets(join(PACKAGE, PAGE_DIR));
        if (page.missing.length > 0)
          throw new Error(`the page is not built in ${PACKAGE}: ${page.missing.join(", ")}`);
        server = Object.assign(await startServer({ env, assets: page.assets }), { env });
      }
      return server;
    },
    /** `reportsDelivery`: the test, as the asking host, says when its agent holds the answer. */
    async publish(ask: Ask, agent = AGENT, reportsDelivery = false): Promise<RemoteAsk> {
      const running = await fixture.server();
      const remote = await publishAsk(ask, agent, { env: running.env, reportsDelivery });
      remotes.push(remote);
      return remote;
    },
    /**
     * Opens a page URL (its one-time code signs this context in) in a fresh context; `prepare`
     * runs before the page loads (a clock to install, a probe to inject).
     */
    async open(
      url: string,
      viewport?: { width: number; height: number },
      prepare?: (page: Page) => Promise<void>,
    ): Promise<OpenedPage> {
      if (!browser) throw new Error("no browser");
      const running = await fixture.server();
      const opened = await openPage(browser, running.answer.base, viewport);
      pages.push(opened);
      await prepare?.(opened.page);
      await opened.page.goto(url);
      return opened;
    },
    /** A new signed-in address for the same ask, as `askuser serve` would print again. */
    async freshUrl(askId: string): Promise<string> {
      return (await fixture.server()).answer.newPageUrl(askId);
    },
  };
  return fixture;
}

/** The text of the page's open ask view, for asserting what the user reads. */
export async function mainText(page: Page): Promise<string> {
  return (await page.locator("main").textContent()) ?? "";
}

/**
 * Everything that sticks out of the viewport to the right or the left, as sentences. Run in the
 * page as text: the Node-side tests have no DOM types.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return (await page.evaluate(OVERFLOW_PROBE)) as string[];
}

const OVERFLOW_PROBE = `(() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) {
    out.push("the document is " + document.documentElement.scrollWidth + "px wide in " + width + "px");
  }
  for (const element of document.querySelectorAll("button, h1, h2, p, pre, textarea, li, span, nav")) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) {
      out.push(element.tagName.toLowerCase() + "." + element.className + " spans " + Math.round(box.left) + "-" + Math.round(box.right) + "px");
    }
  }
  return out;
})()`;
