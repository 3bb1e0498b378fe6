import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, ROOT } from "../../support/run-cli.ts";
import { StreamText } from "../../support/wait-for.ts";
import { mainText, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("askuser ask --remote answered in the page", () => {
  it("prints on stdout exactly what the page said it sent, and the page says the agent has it once it was printed", async () => {
    const server = await fixture.server();
    // A session of its own, without a controlling terminal: only the page can answer.
    const child = spawn(process.execPath, [BIN, "ask", "examples/release-plan.json", "--remote"], {
      cwd: ROOT,
      env: { ...process.env, ...server.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const stdout = new StreamText(child.stdout);
    const stderr = new StreamText(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const [, url = ""] = await stderr.line(
      /answer in the browser: (\S+)/u,
      "the page address on stderr",
    );
    const { page } = await fixture.open(url);
    await page.getByRole("checkbox", { name: /CSV export/ }).click();
    await page.locator('[data-action="confirm"]').click();
    await page.locator('[data-action="save-note"]').click();
    await page.getByRole("radio", { name: /gRPC/ }).click();
    await page.locator('[data-tab="3"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();
    // The CLI reports delivery only after its standard output holds the answer.
    await expect.poll(() => mainText(page)).toContain("The agent has your answer. It received:");
    const shown = await page.locator(".ended pre").textContent();
    expect(await exited).toBe(0);
    const printed = await stdout.all();
    expect(printed).toBe(`${shown}\n`);
    expect(printed).toContain('"Which API style should clients use?" = "gRPC"');
    expect(printed).toContain('"How should the release roll out?" = (no answer)');
  });
});
