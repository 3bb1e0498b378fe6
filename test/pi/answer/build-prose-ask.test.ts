import { type AssistantMessage, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  EXTRACTION_SYSTEM_PROMPT,
  proseAnswerText,
} from "../../../src/core/index.ts";
import { chooseModel } from "../../../src/pi/answer/choose-model.ts";
import type { CompleteFn } from "../../../src/pi/answer/model-extraction.ts";
import { buildProseAsk } from "../../../src/pi/answer/prose-ask-builder.ts";
import { PROSE } from "./fixtures.ts";

/** Every question of the built ask answered with its first option. */
function answeredDetails(built: Awaited<ReturnType<typeof buildProseAsk>>): AskDetails {
  const asked = built.ask?.questions ?? [];
  return {
    status: "answered",
    questions: asked,
    answers: Object.fromEntries(
      asked.map((q) => [q.id, { selected: [q.options[0]?.label ?? ""] }]),
    ),
    unanswered: [],
  } as AskDetails;
}

const MODEL = { provider: "fauxtest", id: "m1" } as never;

function scripted(...replies: ((signal: AbortSignal) => Promise<AssistantMessage>)[]) {
  const calls: unknown[] = [];
  const complete: CompleteFn = (context, signal) => {
    calls.push(context);
    const next = replies.shift();
    return next ? next(signal) : Promise.reject(new Error("no reply scripted"));
  };
  return { complete, calls };
}

const call = (args: unknown) =>
  fauxAssistantMessage([fauxToolCall("ask_user", args as never, { id: "c1" })], {
    stopReason: "toolUse",
  });

const questions = (built: Awaited<ReturnType<typeof buildProseAsk>>) =>
  built.ask?.questions.map((q) => q.question);

describe("buildProseAsk", () => {
  it("no model at all: the parser reads the message and nothing is requested", async () => {
    const built = await buildProseAsk(PROSE, { model: undefined, timeoutMs: 1000 });
    expect(built.source).toBe("parser");
    expect(built.notices).toEqual([]);
    expect(questions(built)).toEqual([
      "Which database should the service use?",
      "Should the API be REST or GraphQL?",
      "Where will it run?",
    ]);
  });

  it("a session without a model and no answer.model has no extraction model", () => {
    const ctx = {
      model: undefined,
      modelRegistry: { find: () => undefined, hasConfiguredAuth: () => true },
    } as never;
    expect(chooseModel(ctx, "")).toEqual({ model: undefined });
    expect(chooseModel(ctx, "nope/none").notice).toBe(
      'askuser settings: answer.model "nope/none" is not a model Pi knows (write it as "provider/model-id"); the built-in parser reads the questions.',
    );
  });

  it.each([
    [
      "a session model without an API key",
      { provider: "anthropic", id: "claude-x" },
      "anthropic/claude-x has no API key set up",
    ],
    [
      "no model chosen (Pi's placeholder)",
      { provider: "unknown", id: "unknown" },
      "the session has no model",
    ],
  ])(
    "%s: no request, the parser reads, and the notice says why without unknown/unknown",
    (_name, model, why) => {
      const ctx = {
        model,
        modelRegistry: { find: () => undefined, hasConfiguredAuth: () => false },
      } as never;
      const chosen = chooseModel(ctx, "");
      expect(chosen.model).toBeUndefined();
      expect(chosen.notice).toBe(
        `ask_user: ${why}, so the built-in parser reads the questions (set one up with /login or /model).`,
      );
      expect(chosen.notice).not.toContain("unknown/unknown");
    },
  );

  it("a model that throws twice: the parser, with the reasons", async () => {
    const { complete, calls } = scripted(
      () => Promise.reject(new Error("401 no key")),
      () => Promise.reject(new Error("401 no key")),
    );
    const built = await buildProseAsk(PROSE, {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(calls).toHaveLength(2);
    expect(built.source).toBe("parser");
    expect(built.notices).toEqual([
      "ask_user: fauxtest/m1 could not read the questions (401 no key); the built-in parser read them instead.",
    ]);
  });

  it("a first failure is retried once, and the retry's call is used", async () => {
    const good = {
      questions: [{ question: "Which database?", options: [{ label: "A" }, { label: "B" }] }],
    };
    const { complete } = scripted(
      async () => fauxAssistantMessage("", { stopReason: "error", errorMessage: "overloaded" }),
      async () => call(good),
    );
    const built = await buildProseAsk(PROSE, {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(built.source).toBe("model");
    expect(questions(built)).toEqual(["Which database?"]);
    // The parser reads three questions in the message; the model's form has one: the two others
    // are named.
    expect(built.leftOut).toEqual([
      {
        scope: "question",
        text: "Should the API be REST or GraphQL?",
        reason: "fauxtest/m1 did not put it in the form",
      },
      {
        scope: "question",
        text: "Where will it run?",
        reason: "fauxtest/m1 did not put it in the form",
      },
    ]);
  });

  it("a message with no question: one request, the model says so with an empty call, no refusal", async () => {
    const { complete, calls } = scripted(async () => call({ questions: [] }));
    const built = await buildProseAsk("Done: the tests pass and the branch is pushed.", {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(calls).toHaveLength(1);
    expect(built.ask).toBeUndefined();
    expect(built.notices).toEqual([]);
  });

  it("the model is told how to say that a message asks nothing", () => {
    expect(EXTRACTION_SYSTEM_PROMPT).toContain("with an empty questions array");
  });

  it("a model that dropped questions: they are named, as the parser read them", async () => {
    const good = {
      questions: [
        { header: "DB", question: "Which database?", options: [{ label: "A" }, { label: "B" }] },
        {
          header: "Hosting",
          question: "Where should it run?",
          options: [{ label: "Fly" }, { label: "VPS" }],
        },
      ],
    };
    const { complete } = scripted(async () => call(good));
    const built = await buildProseAsk(PROSE, {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(built.leftOut).toEqual([
      {
        scope: "question",
        text: "Should the API be REST or GraphQL?",
        reason: "fauxtest/m1 did not put it in the form",
      },
    ]);
    expect(proseAnswerText(answeredDetails(built), false, built.leftOut)).toContain(
      'Not in the form, so not answered: "Should the API be REST or GraphQL?".',
    );
  });

  it("a model returning garbage arguments, then no call: refused, and the parser reads it", async () => {
    const broken = fauxAssistantMessage(
      [{ ...fauxToolCall("ask_user", {}, { id: "c1" }), argumentsError: "Unexpected token" }],
      { stopReason: "toolUse" },
    );
    const { complete, calls } = scripted(
      async () => broken,
      async () => fauxAssistantMessage("\u001b[2JI refuse"),
    );
    const built = await buildProseAsk(PROSE, {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(calls).toHaveLength(2);
    expect(built.source).toBe("parser");
    expect(built.notices[0]).toBe(
      "ask_user: fauxtest/m1 returned questions that cannot be shown, even after one repair (the reply holds no ask_user call); the built-in parser read them instead.",
    );
    // The repair went back as the tool's error result, with the reason.
    const second = calls[1] as { messages: { role: string; content: unknown }[] };
    expect(second.messages.at(-1)).toMatchObject({ role: "toolResult", isError: true });
    expect(JSON.stringify(second.messages.at(-1))).toContain("the arguments are not valid JSON");
  });

  it("a model that never answers and ignores the abort: given up at the deadline, twice, in twice the time at most", async () => {
    const never = () => new Promise<AssistantMessage>(() => {});
    const { complete, calls } = scripted(never, never);
    const start = performance.now();
    const built = await buildProseAsk(PROSE, { model: { model: MODEL, complete }, timeoutMs: 50 });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(calls).toHaveLength(2);
    expect(built.notices[0]).toMatch(
      /could not read the questions \(no reply within 0\.\d seconds/u,
    );
  });

  it("fifty questions from the model: the first four, the rest listed as left out", async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      header: `Q${i + 1}`,
      question: `Question number ${i + 1}?`,
      options: [{ label: "Yes" }, { label: "No" }],
    }));
    const { complete } = scripted(async () => call({ questions: many, waitForAnswer: false }));
    const built = await buildProseAsk("1. Question number 1?\n   a) Yes\n   b) No", {
      model: { model: MODEL, complete },
      timeoutMs: 1000,
    });
    expect(questions(built)).toHaveLength(4);
    expect(built.leftOut).toHaveLength(46);
    expect(built.leftOut[0]).toEqual({
      scope: "question",
      text: "Question number 5?",
      reason: "the form takes at most 4 questions",
    });
  });

  it("a 1 MB message: only its last 60,000 characters go to the model", async () => {
    const { complete, calls } = scripted(async () => call({ questions: "x" }));
    const huge = `${"filler ".repeat(150_000)}\nWhich one?\n- A\n- B`;
    await buildProseAsk(huge, { model: { model: MODEL, complete }, timeoutMs: 1000 });
    const sent = JSON.stringify(calls[0]);
    expect(sent.length).toBeLessThan(70_000);
    expect(sent).toContain("are left out.");
    expect(sent).toContain("Which one?");
  });
});
