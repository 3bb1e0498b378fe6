import { afterEach, describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import { ScrollbackKeepingTerminal } from "../../src/tui/keep-scrollback.ts";
import { splitWidths } from "../../src/tui/render/columns.ts";
import { mountInTerminal } from "./support/mount-terminal.ts";
import { largestPayload, TWO_QUESTIONS } from "./support/payloads.ts";

type Mounted = Awaited<ReturnType<typeof mountInTerminal>>;
const mounted: Mounted[] = [];
async function mount(...args: Parameters<typeof mountInTerminal>): Promise<Mounted> {
  const form = await mountInTerminal(...args);
  mounted.push(form);
  return form;
}
afterEach(() => {
  for (const form of mounted.splice(0)) form.stop();
});

const CJK_PAYLOAD = {
  questions: [
    {
      question: "用哪个数据库？",
      options: [
        {
          label: "数据库甲（推荐）",
          description: "关系型数据库，团队已经在用。",
          preview: "表 订单\n列 编号\tbigint",
        },
        {
          label: "Cafe\u0301 ｗｉｄｅ",
          description: "Combining and full-width text.",
          preview: "行一\n行二",
        },
      ],
    },
  ],
};

describe("the form in a virtual terminal (pi-tui's main-screen renderer over @xterm/headless)", () => {
  it("draws inline below the prompt, not on an alternate screen", async () => {
    const form = await mount(DEMO_PAYLOAD, { columns: 100, rows: 40 });
    const screen = form.viewport();
    expect(screen[0]).toBe("$ askuser ask payload.json");
    expect(screen[1]).toMatch(/^─+$/);
    expect(screen).toContain("[○ Database]  ○ Features   ○ API   Submit");
  });

  it("turns raw key bytes into answers, as a user at a real terminal would", async () => {
    const form = await mount(DEMO_PAYLOAD, { columns: 100, rows: 40 });
    await form.sendRaw("\x1b[B");
    await form.sendRaw("\r");
    expect(form.viewport()).toContain(" ✓ Database  [○ Features]  ○ API   Submit");
    await form.sendRaw(" ");
    await form.sendRaw("\x1b[B");
    await form.sendRaw(" ");
    expect(form.viewport().filter((row) => row.includes("[✓]"))).toHaveLength(2);
    await form.sendRaw("\r");
    expect(form.viewport().join("\n")).toContain("Add a note to your answer (optional):");
    await form.sendRaw("\x1b[Z");
    expect(form.viewport()).toContain("[✓ Database]  ✓ Features   ○ API   Submit");
  });

  it("an arrow press updates lines in place without a full redraw", async () => {
    const form = await mount(DEMO_PAYLOAD, { columns: 100, rows: 40 });
    const redraws = form.tui.fullRedraws;
    await form.press("down", "down", "up");
    expect(form.tui.fullRedraws).toBe(redraws);
    expect(form.viewport().find((row) => row.startsWith("❯"))).toContain("2. ○ SQLite");
  });

  it("re-lays out for a narrower terminal after a resize", async () => {
    const form = await mount(DEMO_PAYLOAD, { columns: 100, rows: 40 });
    expect(form.viewport().some((row) => row.includes(" │ "))).toBe(true);
    await form.resize(50, 40);
    const rows = form.viewport();
    expect(rows.some((row) => row.includes(" │ "))).toBe(false);
    expect(rows.join("\n")).toContain("❯ 1. ○ Postgres (Recommended)");
    expect(rows.join("\n")).toContain("Relational, transactional, already");
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(50);
  });

  it("keeps the shell's scrollback through the full redraw a width change causes", async () => {
    const history = Array.from({ length: 60 }, (_, i) => `history line ${i + 1}\r\n`).join("");
    const scrollbackText = (form: Mounted) => {
      const buffer = form.terminal.emulator.buffer.active;
      const lines: string[] = [];
      for (let y = 0; y < buffer.length; y++)
        lines.push(buffer.getLine(y)?.translateToString(true) ?? "");
      return lines.join("\n");
    };
    const kept = await mount(
      DEMO_PAYLOAD,
      { columns: 100, rows: 30 },
      {
        before: history,
        wrap: (terminal) => new ScrollbackKeepingTerminal(terminal),
      },
    );
    await kept.resize(60, 30);
    expect(scrollbackText(kept)).toContain("history line 1\n");

    // pi-tui on its own erases it: the check above can fail.
    const bare = await mount(DEMO_PAYLOAD, { columns: 100, rows: 30 }, { before: history });
    await bare.resize(60, 30);
    expect(scrollbackText(bare)).not.toContain("history line 1\n");
  });

  it("starts on a line of its own after output that did not end its line", async () => {
    const form = await mount(
      TWO_QUESTIONS,
      { columns: 80, rows: 30 },
      { before: "$ printf abc; askuser ask\r\nabc", inline: true },
    );
    const screen = form.viewport();
    expect(screen.slice(0, 3)).toEqual(["$ printf abc; askuser ask", "abc", "─".repeat(80)]);
  });

  it.each([
    ["narrower", 60, 30],
    ["wider", 110, 30],
    ["shorter", 80, 26],
  ])(
    "redraws in place, below the shell's lines, when the terminal gets %s",
    async (_, columns, rows) => {
      const before = "history 1\r\nhistory 2\r\n$ askuser ask payload.json\r\n";
      const form = await mount(TWO_QUESTIONS, { columns: 80, rows: 30 }, { before, inline: true });
      await form.press("down");
      await form.resize(columns, rows);
      const buffer = form.terminal.emulator.buffer.active;
      const all: string[] = [];
      for (let y = 0; y < buffer.length; y++)
        all.push(buffer.getLine(y)?.translateToString(true) ?? "");
      expect(all.filter((line) => line.includes("[○ Runtime]"))).toHaveLength(1);
      const screen = form.viewport();
      expect(screen.slice(0, 4)).toEqual([
        "history 1",
        "history 2",
        "$ askuser ask payload.json",
        "─".repeat(columns),
      ]);
      expect(screen.join("\n")).toContain("❯ 2. ○ Deno");
    },
  );

  it("scrolls the option list in a short terminal and keeps the highlighted row on screen", async () => {
    const form = await mount(largestPayload(), { columns: 70, rows: 20 });
    for (let row = 1; row <= 9; row++) {
      const screen = form.viewport();
      const highlighted = screen.find((line) => line.startsWith("❯"));
      expect(highlighted, `row ${row}`).toContain(`${row}. `);
      await form.press("down");
    }
    await form.press("up");
    expect(form.viewport().join("\n")).toMatch(/↑ \d+ more above/);
  });

  it("keeps wide and combining characters aligned with the column separator", async () => {
    const form = await mount(CJK_PAYLOAD, { columns: 90, rows: 30 });
    for (const key of ["none", "down", "down"] as const) {
      if (key !== "none") await form.press(key);
      const bodyRows = form.viewport().filter((row) => row.includes("│"));
      expect(bodyRows.length).toBeGreaterThanOrEqual(8);
      const columns = new Set(
        bodyRows.map((row) => {
          const cells = form.terminal.emulator.buffer.active;
          const y = form.viewport().indexOf(row);
          const line = cells.getLine(cells.viewportY + y);
          for (let x = 0; x < form.terminal.columns; x++) {
            if (line?.getCell(x)?.getChars() === "│") return x;
          }
          return -1;
        }),
      );
      // The separator " │ " starts right after the left column.
      expect([...columns]).toEqual([(splitWidths(90)?.left ?? 0) + 1]);
    }
  });
});
