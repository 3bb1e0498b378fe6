import type { Api, Model } from "@earendil-works/pi-ai";
import { KEYS, type PiWorld } from "../helpers/survive-pi.ts";

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

/**
 * The session's model becomes one with no API key, as after `pi --continue --provider anthropic`
 * with no key set: Pi refuses every run before it appends the prompt to the session. Returns the
 * working model, for `restore`.
 */
export function loseTheKey(w: PiWorld): Model<Api> {
  const state = w.runtime.session.agent.state as { model: Model<Api> };
  const working = state.model;
  state.model = { ...working, provider: "nokey", id: "m0" };
  return working;
}

export function restore(w: PiWorld, model: Model<Api>): void {
  (w.runtime.session.agent.state as { model: Model<Api> }).model = model;
}

/** Answers the next form: per question, `downs` presses of Down then Enter; then submits. */
export async function submitPicks(w: PiWorld, downs: readonly number[]): Promise<void> {
  const form = await w.ui.nextForm();
  for (const down of downs) {
    for (let i = 0; i < down; i++) form.handleInput(KEYS.down);
    form.handleInput(KEYS.enter);
  }
  form.handleInput(KEYS.enter);
}
