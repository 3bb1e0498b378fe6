/** An agent that asked in prose instead of calling ask_user. */
export const PROSE = `Before I start, three questions:

1. Which database should the service use?
   a) Postgres
   b) SQLite
2. Should the API be REST or GraphQL?
3. Where will it run?
   - Fly.io
   - A VPS

\`\`\`sh
# Is this a question? a) no b) no
\`\`\``;

export const EXTRACTED = {
  questions: [
    {
      header: "Database",
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      header: "API",
      question: "Should the API be REST or GraphQL?",
      options: [{ label: "REST" }, { label: "GraphQL" }],
    },
    {
      header: "Hosting",
      question: "Where will it run?",
      options: [{ label: "Fly.io" }, { label: "A VPS" }],
    },
  ],
};
