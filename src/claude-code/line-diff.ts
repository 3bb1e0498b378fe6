/**
 * The lines that differ between two texts, as `-` and `+` lines with a line of context around
 * each change: enough to show what a settings edit does. Quadratic in the line count, which is
 * fine for a settings file.
 */
export function lineDiff(before: string, after: string): string[] {
  const a = before === "" ? [] : before.replace(/\n$/u, "").split("\n");
  const b = after === "" ? [] : after.replace(/\n$/u, "").split("\n");
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = common[i] as number[];
      row[j] =
        a[i] === b[j]
          ? (common[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(common[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: { mark: " " | "-" | "+"; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: " ", text: a[i] as string });
      i += 1;
      j += 1;
    } else if (
      j < b.length &&
      (i >= a.length || (common[i]?.[j + 1] ?? 0) >= (common[i + 1]?.[j] ?? 0))
    ) {
      lines.push({ mark: "+", text: b[j] as string });
      j += 1;
    } else {
      lines.push({ mark: "-", text: a[i] as string });
      i += 1;
    }
  }
  const near = (index: number) =>
    lines.slice(Math.max(0, index - 1), index + 2).some((line) => line.mark !== " ");
  return lines.flatMap((line, index) => (near(index) ? [`${line.mark} ${line.text}`] : []));
}
