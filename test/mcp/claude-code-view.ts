/**
 * A form's message as Claude Code 2.1.332 lays it out (measured in tmux, docs/mcp.md): a message
 * without a line break is wrapped at word boundaries to the terminal's width less the dialog's
 * indent; a message with one keeps its lines, each cut. Only the first three lines are shown,
 * then "… (+N more lines)".
 */
export function wrappedAsClaudeCode(message: string, columns: number): string[] {
  const width = columns - 4;
  if (message.includes("\n")) return message.split("\n").map((line) => line.slice(0, width));
  const lines: string[] = [];
  let line = "";
  for (const word of message.split(" ")) {
    const next = line === "" ? word : `${line} ${word}`;
    if ([...next].length <= width || line === "") line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
