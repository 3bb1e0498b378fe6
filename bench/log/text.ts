import type { Random } from "./random.ts";

const WORDS = (
  "the a to of and in is it that for on with this be as are was not by we can if or use you " +
  "function return value file test build cache error type string number import export config " +
  "server client request response handler module package install run check update state " +
  "render component index query database table column migration schema option default " +
  "because however then next first also only should would could must will might need " +
  "résumé naïve café déjà señor Größe über 数据库 缓存 测试 配置 ошибка кэш файл — … →"
).split(" ");

const CODE_LINES = [
  'const value = options["key"] ?? "default";',
  "if (error) throw new Error(`failed: ' + error.message + '`);",
  "export async function load(path: string): Promise<Buffer> {",
  '  return JSON.parse(await readFile(path, "utf8")) as Config;',
  "for (const [key, entry] of map.entries()) total += entry.size;",
  '    "name": "service", "version": "1.4.2", "private": true,',
  "SELECT id, created_at FROM orders WHERE customer = $1 ORDER BY id DESC;",
  'path = "C:\\\\Users\\\\dev\\\\project\\\\src" # windows style',
  "  expect(result).toEqual({ ok: true, items: [1, 2, 3] });",
  "\tlog.debug('cache miss for %s', key)",
  "diff --git a/src/index.ts b/src/index.ts",
  "@@ -12,7 +12,9 @@ export function main() {",
  "npm ERR! code ERESOLVE — could not resolve dependency tree",
  "    at Object.<anonymous> (/home/dev/project/src/main.ts:42:17)",
  "✓ test/cache.test.ts (12 tests) 38ms",
  "数据 = {'键': '值', 'emoji': '🚀'}",
];

/**
 * Text for the synthetic corpus: prose and code-like output drawn from a fixed pool, so a
 * gigabyte can be produced quickly while still holding quotes, backslashes, tabs, multi-byte
 * characters and long lines the way real tool output does.
 */
export class TextPool {
  private readonly prosePool: string[] = [];
  private readonly codePool: string[] = [];
  private readonly random: Random;

  constructor(random: Random) {
    this.random = random;
    for (let i = 0; i < 400; i++) this.prosePool.push(this.sentence());
    for (let i = 0; i < 400; i++) {
      const lines: string[] = [];
      const count = random.int(3, 12);
      for (let j = 0; j < count; j++) lines.push(random.pick(CODE_LINES));
      this.codePool.push(lines.join("\n"));
    }
  }

  private sentence(): string {
    const count = this.random.int(6, 24);
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(this.random.pick(WORDS));
    const text = words.join(" ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  prose(chars: number): string {
    let out = "";
    while (out.length < chars) {
      out += this.random.pick(this.prosePool);
      out += this.random.chance(0.15) ? "\n\n" : " ";
    }
    return out;
  }

  code(chars: number): string {
    let out = "";
    let line = 1;
    while (out.length < chars) {
      for (const text of this.random.pick(this.codePool).split("\n")) {
        out += `${String(line).padStart(6)}→${text}\n`;
        line++;
      }
    }
    return out;
  }

  output(chars: number): string {
    return this.random.chance(0.5) ? this.code(chars) : this.prose(chars);
  }
}
