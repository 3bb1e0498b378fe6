export const SETUP_HELP = `Usage: askuser setup claude-code [--project <dir>] [--route-away] [--defer-after <s>]
                                 [--remove] [--print]

Installs askuser's hooks for Claude Code's own AskUserQuestion in ~/.claude/settings.json (or
<dir>/.claude/settings.json with --project): every question Claude Code asks is also on the
answer page (askuser serve), where the page, your phone (--lan) or askuser answer can answer
it while Claude Code's dialog is open; the first answer wins. Shows what it changes; running it
again changes nothing. See docs/claude-code.md.

Options:
  --project <dir>  Edit <dir>/.claude/settings.json instead of your user settings.
  --route-away     Send questions to the page only: Claude Code's dialog shows only if nobody
                   answers there before your idle timeout, or an hour (or the answer server
                   cannot be reached).
  --defer-after <seconds>
                   Headless runs (claude -p, the Agent SDK) stop with the question deferred
                   after this long without an answer (default 300); claude -p --resume <id>
                   asks it again.
  --remove         Take askuser's hooks out again (the file is restored byte for byte when
                   nothing else in it changed since).
  --print          Print the hooks as JSON and change nothing, to add them by hand.
  -h, --help       Show this help.

Exit codes:
  0  done (or nothing to change)
  2  usage error, or a settings file that is not valid JSON (nothing is changed)
`;

export const CLAUDE_CODE_HELP = `Usage: askuser claude-code <PreToolUse | PermissionRequest | PostToolUse | Stop> [options]

The hook Claude Code runs for its AskUserQuestion tool (installed by askuser setup claude-code):
it reads Claude Code's hook input on standard input and prints its decision. Not meant to be
run by hand.

Options:
  --route-away         PreToolUse: wait for an answer on the page before Claude Code shows
                       its dialog.
  --wait <seconds>     How long to wait for an answer elsewhere (default 3600).
  --defer-after <s>    Headless runs (claude -p, the Agent SDK): defer the question after this
                       long without an answer (default 300); continue with claude -p --resume.
  -h, --help           Show this help.

Exit codes:
  0  done (the decision, if any, is on standard output)
  1  the hook input could not be used (Claude Code then shows its own dialog)
`;
