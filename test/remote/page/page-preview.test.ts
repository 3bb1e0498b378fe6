import { describe, expect, it } from "vitest";
import { horizontalOverflow, PREVIEWS, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("previews on a phone", () => {
  it("any option's preview can be read without choosing it; then a tap on the option chooses it", async () => {
    const remote = await fixture.publish(PREVIEWS);
    const { page, watch } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    const side = page.locator("aside.side");
    await side.getByText("Preview: One package").waitFor();
    await page.getByRole("button", { name: "Preview Workspaces" }).click();
    await side.getByText("Preview: Workspaces").waitFor();
    expect(await side.locator("pre").textContent()).toContain("a-very-long-file-name");
    expect(
      await page.getByRole("button", { name: "Preview Workspaces" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);
    expect(watch.requests.filter((request) => request.endsWith("/answer"))).toEqual([]);
    await page.getByRole("radio", { name: /^One package/ }).click();
    expect((await remote.ended).details?.answers).toEqual({
      layout: { selected: ["One package"] },
    });
  });

  it("a long preview line keeps its indentation and scrolls sideways, inside the preview only", async () => {
    const remote = await fixture.publish(PREVIEWS);
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    await page.getByRole("button", { name: "Preview Workspaces" }).click();
    const pre = page.locator("aside.side pre");
    await pre.getByText("a-very-long-file-name", { exact: false }).waitFor();
    const lines = await pre.evaluate((element) => ({
      text: element.textContent ?? "",
      whiteSpace: (
        globalThis as unknown as { getComputedStyle: (e: unknown) => { whiteSpace: string } }
      ).getComputedStyle(element).whiteSpace,
      scrolls: element.scrollWidth > element.clientWidth,
    }));
    expect(lines.text.split("\n")).toContain(
      "      a-very-long-file-name-that-goes-on-and-on-and-on-and-on.ts",
    );
    expect(lines.whiteSpace).toBe("pre");
    expect(lines.scrolls).toBe(true);
    expect(await horizontalOverflow(page)).toEqual([]);
  });
});
