const EXIT_CODES = `Exit codes:
  0  answered (also when the user skipped some questions)
  1  not answered: cancelled, timed out, or no one could answer
  2  invalid payload, invalid answers file, or usage error (message on stderr)`;

export const MAIN_HELP = `askuser: ask the user structured questions, and give the agent an exact answer.

Usage:
  askuser ask <payload.json | -> [--answers <file>] [--json]
  askuser ask --demo
  askuser <command> --help
  askuser --help | --version

Commands:
  ask    Show the questions of an ask_user payload and print the result the agent receives.

${EXIT_CODES}
`;

export const ASK_HELP = `Usage: askuser ask <payload.json | -> [options]

Shows the questions in the payload (the ask_user tool's parameters as JSON; "-" reads
standard input) and prints the result the agent would receive.

In a terminal the questions open as an inline form. With no terminal and no --answers,
nobody can answer: the result is "unavailable" at once, and askuser never waits.

Options:
  --answers <file>  Answer without a terminal, from a JSON file (CI, headless runs). It takes
                    precedence over the terminal. Keys: a question's id, header or text.
                    Values: a label, a list of labels, or
                    {"selected": ["..."], "other": "free text", "comment": "a note"}.
                    Questions it leaves out are reported as unanswered.
  --json            Print the details object (status, origin, questions, answers,
                    unanswered) instead of the text the model receives.
  --demo            Use a built-in payload that shows every feature of the form.
  -h, --help        Show this help.

Payload example:
  {"questions": [{"question": "Which database should the service use?",
                  "header": "Database",
                  "options": [{"label": "Postgres (Recommended)"}, {"label": "SQLite"}]}]}

${EXIT_CODES}
`;
