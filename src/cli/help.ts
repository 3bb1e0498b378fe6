const EXIT_CODES = `Exit codes:
  0  answered (also when the user skipped some questions)
  1  not answered: cancelled, timed out, or no one could answer
  2  invalid payload, invalid answers file, or usage error (message on stderr)
  3  the user asked a question back instead of answering (the question is in the output)
  74 standard output failed (a full disk, an I/O error): the output is incomplete
  70 internal error: a bug in askuser (the stack trace is on standard error)`;

export const MAIN_HELP = `askuser: ask the user structured questions, and give the agent an exact answer.

Usage:
  askuser ask <payload.json | -> [--answers <file> | --remote] [--json]
  askuser ask --demo
  askuser serve [--lan [--address <ip>]]
  askuser answer [<id>]
  askuser answer --list [--json]
  askuser answer --link [<id>]
  askuser log [paths...] [--json | --markdown] [filters]
  askuser log --turns <session.jsonl> [--json | --markdown] [--limit <n>]
  askuser settings [--json] [--pi] [--project <dir>]
  askuser settings path
  askuser mcp
  askuser setup claude-code [--project <dir>] [--route-away] [--remove] [--print]
  askuser <command> --help
  askuser --help | --version

Commands:
  ask       Show the questions of an ask_user payload and print the result the agent receives.
  log       List every question your agents asked (Claude Code, Pi, Codex) and what you answered.
  settings  Show every setting in effect and where it came from, or the settings file's path.
  serve     Run the answer server: answer every agent's pending asks from a web page.
  answer    List the pending asks of every agent, and answer one in this terminal.
  mcp       Serve ask_user to an MCP client (Claude Code, Codex, Cursor, VS Code, ...) over stdio.
  setup     Install the hooks that put Claude Code's own questions on the answer page too.

${EXIT_CODES}
`;

export const ASK_HELP = `Usage: askuser ask <payload.json | -> [options]

Shows the questions in the payload (the ask_user tool's parameters as JSON; "-" reads
standard input) and prints the result the agent would receive.

In a terminal the questions open as an inline form, with the user settings (keys, idle
timeout, notifications; see "askuser settings"). With no terminal and no --answers, nobody
can answer: the result is "unavailable" at once, and askuser never waits.

Options:
  --answers <file>  Answer without a terminal, from a JSON file (CI, headless runs). It takes
                    precedence over the terminal. Keys: a question's id, header or text.
                    Values: a label, a list of labels, or
                    {"selected": ["..."], "other": "free text", "comment": "a note"}.
                    Questions it leaves out are reported as unanswered.
  --remote          Also publish the ask to the answer server (started in the background
                    when none runs): its page link is printed on stderr, and the page or
                    askuser answer can answer too; the first answer wins. Without a
                    terminal it waits for that answer. The "remote" setting makes this the
                    default. See docs/remote.md.
  --json            Print the details object instead of the text the model receives:
                    status, questions (as the agent asked them), answers (by question id:
                    selected, other, comment), unanswered (ids); with some statuses
                    origin (cancelled), reason (unavailable), issues (invalid payload or
                    answers file), clarification ({about, question}: what the user asked
                    back, status clarification_requested); presentedType (by id:
                    {requested, presented, changedBy}) for a question shown as another
                    type than asked (the t key, or the presentSingleAsMulti setting).
  --demo            Use a built-in payload that shows every feature of the form.
  -h, --help        Show this help.

Payload example:
  {"questions": [{"question": "Which database should the service use?",
                  "header": "Database",
                  "options": [{"label": "Postgres (Recommended)"}, {"label": "SQLite"}]}]}

${EXIT_CODES}
`;

export const LOG_HELP = `Usage: askuser log [paths...] [options]
       askuser log --turns <session.jsonl> [--json | --markdown] [--limit <n>]

Lists every question your coding agents asked you, newest first, with the options they offered,
what you answered, your notes, and how each ask ended. Reads the session logs of Claude Code,
Pi and Codex. With no paths it reads the three default locations; with paths (files or folders)
it reads those instead and tells each file's agent from its first line.

Default locations (the first variable set wins; a flag wins over all):
  Claude Code  --claude-dir  ASKUSER_CLAUDE_DIR, $CLAUDE_CONFIG_DIR/projects, ~/.claude/projects
  Pi           --pi-dir      ASKUSER_PI_DIR, PI_CODING_AGENT_SESSION_DIR,
                             $PI_CODING_AGENT_DIR/sessions, ~/.pi/agent/sessions
  Codex        --codex-dir   ASKUSER_CODEX_DIR, $CODEX_HOME/sessions, ~/.codex/sessions

Output:
  (default)       Readable text; colour on a terminal unless NO_COLOR is set.
  --json          One JSON object per ask, one per line (fields: docs/log.md).
  --markdown      A decision log to paste into a document.

Filters:
  --since <time>  Asks made at or after <time>: 2026-01-31, 2026-01-31T14:00, or a duration
                  back from now (30m, 12h, 7d, 2w). Dates without a zone are local time.
  --until <time>  Asks made before <time> (a bare date means the end of that day).
  --grep <regex>  Asks whose questions, options, answers, notes or messages match
                  (case-insensitive JavaScript regular expression).
  --cwd <folder>  Asks made in <folder> or below it.
  --agent <name>  claude-code, pi or codex (repeat or separate with commas).
  --limit <n>     Show at most <n> asks (the newest).

Other options:
  --turns <file>        Print the file's turns: each opened by a genuine user message, an
                        answer, or a rejection with a typed message, with the reason.
  --pi-ask-tools <a,b>  Pi tool names read as asks (default: ask_user,question,questionnaire).
  --no-cache            Read every file, neither using nor updating the cache of what was read
                        before (\${XDG_CACHE_HOME:-~/.cache}/askuser/log-cache.jsonl).
  -h, --help            Show this help.

Lines that cannot be read (not JSON, invalid UTF-8, longer than 32 MiB, cut off at the end of a
file still being written) are skipped and counted; a summary on standard error says how many,
why, and where. Files and folders that cannot be read are named there and passed over.

Exit codes:
  0  everything found was read
  1  some files or folders could not be read (named on standard error)
  2  usage error (message on standard error)
  74 standard output failed (a full disk, an I/O error): the output is incomplete
  70 internal error: a bug in askuser (the stack trace is on standard error)
`;

export const SETTINGS_HELP = `Usage: askuser settings [--json] [--pi] [--project <dir>]
       askuser settings path

Shows every setting askuser ask uses, its value, and where it came from: "default", or the
file that set it. Reads only; a missing file is not created, a broken one is reported.

The user settings file, read by every surface (askuser ask, Pi):
  $ASKUSER_CONFIG when set, else $XDG_CONFIG_HOME/askuser/settings.json,
  else ~/.config/askuser/settings.json
The settings and the format: docs/settings.md.

Commands and options:
  path        Print the path of the user settings file.
  --json      Print the files and the settings as JSON.
  --pi        Show what Pi uses: its own file ($PI_CODING_AGENT_DIR/askuser.json, else
              ~/.pi/agent/askuser.json) applies over the user file.
  --project <dir>
              Show what Pi uses in <dir> when it trusts that project: <dir>/.pi/askuser.json
              applies over the Pi file (implies --pi). Pi reads it only for a trusted project.
  -h, --help  Show this help.

Exit codes:
  0  shown
  2  usage error (message on standard error)
  70 internal error: a bug in askuser (the stack trace is on standard error)
`;

export const MCP_HELP = `Usage: askuser mcp

Serves the ask_user tool over stdio to an MCP client: Claude Code, Codex, Cursor, VS Code,
goose, Gemini CLI, opencode. The client starts it; standard output is the protocol, and
messages for you go to standard error. It runs until the client closes standard input.

A client that shows forms (MCP elicitation) shows the questions as a form. Where the client
shows no forms and nothing else can answer, the tool returns "unavailable" at once.
The idle timeout and notifications come from the user settings ("askuser settings").

Set up (one line per client, more in docs/mcp.md):
  claude mcp add askuser -- npx -y askuser mcp
  Codex (~/.codex/config.toml):  [mcp_servers.askuser]
                                 command = "npx"
                                 args = ["-y", "askuser", "mcp"]

Options:
  -h, --help  Show this help.
`;

export const SERVE_HELP = `Usage: askuser serve [--lan [--address <ip>]]

Runs the answer server in the foreground and prints its page link: every pending ask of every
agent on this machine (askuser ask --remote, Pi with the remote setting) can be answered there,
or with askuser answer. Surfaces that need the server start it in the background themselves.

The server binds 127.0.0.1, needs a 256-bit token (in the discovery file, mode 0600:
$XDG_RUNTIME_DIR/askuser/server.json, else ~/.cache/askuser/server.json), and the link carries a
one-time code the page exchanges for a session key. The HTTP API: docs/remote.md.

Options:
  --lan             Bind a LAN address instead, so a phone on the same network can answer; the
                    link is also printed as a QR code. The traffic is plain HTTP: anyone on the
                    network can read it. The token is still required.
  --address <ip>    The LAN address to bind (default: the first non-internal IPv4 address).
  -h, --help        Show this help.

Exit codes:
  0  stopped (Ctrl+C, SIGTERM)
  1  another server already runs for this user (its pid is named)
  2  usage error
  70 internal error: a bug in askuser (the stack trace is on standard error)
`;

export const ANSWER_HELP = `Usage: askuser answer [<id>]
       askuser answer --list [--json]
       askuser answer --link [<id>]

Lists the asks every agent on this machine is waiting on (through the answer server; see
askuser serve), and opens one in the terminal form: the only one, the one named by <id>, or the
one you pick. What you submit, ask back (?) or cancel there is sent to the agent unless another
surface (the page, another terminal) answered first; then you are told what was sent instead.
Where the asking agent reports it, you are told when it has your answer (or that it is kept
for its next run, or did not reach it). Esc on a form you have not touched asks before it
cancels the agent's question for everyone.

Options:
  --list      Print the waiting asks (id, agent, age, working directory, question headers).
  --json      With --list: print {"asks": [{id, agent, cwd, createdAt, headers}]} as JSON.
  --link      Print a fresh one-time link to the answer page (to the ask <id> names): the link
              an ask printed works once, so another browser or device needs a new one.
  -h, --help  Show this help.

Exit codes:
  0  answered (or listed)
  1  not answered: cancelled, asked back, answered elsewhere first, the agent stopped waiting
     or did not take the answer, or nothing waits
  2  usage error
  70 internal error: a bug in askuser (the stack trace is on standard error)
`;
