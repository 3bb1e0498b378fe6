import type { Handover } from "../../src/claude-code/handover.ts";
import { answerNative, deliveryAfter, type Stop } from "../../src/claude-code/hook-flow.ts";
import type { Ask, AskDetails } from "../../src/core/index.ts";
import type { RemoteAsk } from "../../src/remote/client.ts";
import type { Host } from "./race-hosts.ts";

/** A one-shot event a test can await: fired by the code under test, never polled. */
function signalled(): { wait: Promise<void>; fire: () => void } {
  let fire: () => void = () => {};
  const wait = new Promise<void>((resolve) => (fire = resolve));
  return { wait, fire };
}

/**
 * Claude Code's `PermissionRequest` hook (`askuser claude-code PermissionRequest`) as a host of
 * the one race: the surface here is Claude Code's own dialog, whose answer the `PostToolUse`
 * hook hands over; Claude Code ends the hook with a signal; the hook's own timers are its
 * deadline. The table's ask goes in as `AskUserQuestion` input, question for question, and the
 * hook's end comes back with the table's question ids (the hook names them q1, q2, …).
 */
export function claudeHookHost(ask: Ask): Host {
  const toolInput = {
    questions: ask.questions.map((question) => ({
      question: question.question,
      header: question.header,
      options: question.options.map((option) => ({ label: option.label, description: "" })),
      multiSelect: question.multiSelect,
    })),
  };
  const tableIds = (details: AskDetails): AskDetails => {
    const idOf = (id: string) => ask.questions[Number(id.slice(1)) - 1]?.id ?? id;
    const answers = Object.fromEntries(
      Object.entries(details.answers).map(([id, answer]) => [idOf(id), answer]),
    );
    return { ...details, answers, unanswered: details.unanswered.map(idOf) };
  };
  return {
    name: "Claude Code's hook",
    by: "terminal",
    // Claude Code reads nothing from a hook it ended: a page answer crossing that end is lost.
    stoppedDelivery: "lost",
    cannot: {
      reload:
        "Claude Code has no reload that outlives a hook: a hook lives for one dialog, and a new session's dialog runs a new hook",
      askBack:
        "Claude Code's dialog hands the hook answers only (its PostToolUse input): a question back there never reaches it",
      type: "Claude Code's dialog shows the hook nothing before it is answered: no drafts",
      answerWithoutServer:
        "with no server the hook leaves at once (Claude Code shows a hook's message only when it exits): the dialog goes on without it, as hook-flow.test.ts checks",
    },
    start(publish) {
      const said: string[] = [];
      const shown = signalled();
      let stopReason: Stop | undefined;
      let stop: (why: Stop) => void = () => {};
      const stopped = new Promise<Stop>(
        (resolve) =>
          (stop = (why) => {
            stopReason ??= why;
            resolve(why);
          }),
      );
      let answer: (handover: Handover) => void = () => {};
      let breakIt: (error: Error) => void = () => {};
      const result = answerNative(
        {
          event: "PermissionRequest",
          sessionId: "race-table",
          cwd: "/project",
          toolName: "AskUserQuestion",
          toolInput,
        },
        {
          headless: false,
          routeAway: false,
          publish: () => publish() as Promise<RemoteAsk>,
          stopped,
          terminalAnswer: (closed) =>
            new Promise((resolve, reject) => {
              answer = resolve;
              breakIt = reject;
              closed.addEventListener("abort", () => resolve(undefined), { once: true });
              shown.fire();
            }),
          resumeCommand: (id) => `claude -p --resume ${id}`,
        },
      ).then((hook) => {
        if (hook.systemMessage) said.push(hook.systemMessage);
        said.push(`decision ${hook.decision.kind}`);
        if (!hook.ended) throw new Error(`the hook ended without a race: ${said.join("; ")}`);
        // As `askuser claude-code` does once its decision is on standard output.
        hook.ended.delivered(deliveryAfter(stopReason));
        return tableIds(hook.ended.details);
      });
      return {
        result,
        said,
        local: {
          shown: shown.wait,
          // As PostToolUse hands it over: answers keyed by question text.
          answer: () =>
            answer({
              kind: "answer",
              response: {
                answers: Object.fromEntries(
                  toolInput.questions.map((question, index) => [
                    question.question,
                    index === 0 ? "Postgres" : "REST",
                  ]),
                ),
              },
            }),
          askBack: undefined,
          breakIt: () => breakIt(new Error("the handover could not listen")),
          type: undefined,
          expire: () => stop("deadline"),
          stop: () => stop("ended_by_claude"),
        },
      };
    },
  };
}
