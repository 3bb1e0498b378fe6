import {
  type Ask,
  type AskDetails,
  type AskInput,
  errorMessage,
  isRecord,
  modelText,
  neutraliseInline,
  scriptFromDetails,
  validateAskInput,
} from "../core/index.ts";
import { deliveryHeading, deliveryNews, withdrawnWhy } from "../remote/answerer-words.ts";
import { MINTED_ASK_ID } from "../remote/ask-id.ts";
import type { ServerInfo } from "../remote/discovery.ts";
import { callApi } from "../remote/http-client.ts";
import { findServer } from "../remote/launch.ts";
import { programUserApi } from "../remote/program-user-api.ts";
import { DELIVERY_STATES, type DeliveryState } from "../remote/types.ts";
import { ApiError, type AskRecord, type SendOutcome, type UserApi } from "../remote/user-client.ts";
import { followEvents } from "../remote/user-events.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import { ANSWER_HELP } from "./help.ts";
import type { CommandIo } from "./io.ts";
import { parseOptions } from "./parse-options.ts";
import { type PendingAsk, pendingAsks, pendingTable } from "./pending-asks.ts";
import { pickAsk } from "./pick-ask.ts";

/**
 * `askuser answer`: the pending asks of every agent on this machine, from the answer server.
 * `--list` prints them; otherwise the chosen one opens in the terminal form, and what the user
 * does there is sent through the same API the page uses, where the first answer wins.
 */
export async function answerCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    {
      list: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      link: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    MINTED_ASK_ID,
  );
  if (values.help) {
    io.stdout.write(ANSWER_HELP);
    return EXIT.answered;
  }
  if (values.json && !values.list)
    throw new UsageError("--json goes with --list: askuser answer --list --json");
  if (values.link && values.list)
    throw new UsageError("--link and --list are two commands: use one of them");
  if (positionals.length > 1)
    throw new UsageError(`expected at most one ask id, got ${positionals.length}`);
  const info = await findServer(io.env);
  const now = (io.now ?? Date.now)();
  const pending = info ? await pendingAsks(info) : [];
  if (values.link) return printLink(info, positionals[0], pending, io);
  if (values.list) {
    if (values.json) io.stdout.writeJson({ asks: pending }, 2);
    else
      io.stdout.write(
        pending.length === 0 ? "No ask is waiting for an answer.\n" : pendingTable(pending, now),
      );
    return EXIT.answered;
  }
  if (!info || pending.length === 0) {
    io.stderr.write(
      info
        ? "askuser: no ask is waiting for an answer\n"
        : "askuser: no answer server runs, so no ask is waiting (askuser serve starts one)\n",
    );
    return EXIT.notAnswered;
  }
  if (!io.interactive || !io.openForm) {
    throw new UsageError(
      "askuser answer needs a terminal to show the form; use --list to see the asks",
    );
  }
  const chosen = await choose(positionals[0], pending, io, now);
  if (!chosen) return EXIT.notAnswered;
  return answerOne(info, chosen, io);
}

/**
 * A fresh one-time page link: the code of the link an ask printed works once, so another browser
 * or device, or a page from before the server restarted, needs a new one.
 */
async function printLink(
  info: ServerInfo | undefined,
  id: string | undefined,
  pending: readonly PendingAsk[],
  io: CommandIo,
): Promise<number> {
  if (!info) {
    io.stderr.write(
      "askuser: no answer server runs, so there is no page to link to (askuser serve starts one)\n",
    );
    return EXIT.notAnswered;
  }
  if (id !== undefined && !pending.some((ask) => ask.id === id)) {
    throw new InputError(
      `no waiting ask has the id ${JSON.stringify(neutraliseInline(id))}; askuser answer --list shows the ids, or omit it for a link to the list`,
    );
  }
  const reply = await callApi(info, "POST", "/api/codes");
  const pageUrl = isRecord(reply.body) ? reply.body.pageUrl : undefined;
  if (reply.status !== 200 || typeof pageUrl !== "string" || !pageUrl.startsWith("http://")) {
    throw new Error(`the answer server did not give a page link (HTTP ${reply.status})`);
  }
  io.stdout.write(`${pageUrl}${id === undefined ? "" : `&ask=${id}`}\n`);
  return EXIT.answered;
}

async function choose(
  id: string | undefined,
  pending: readonly PendingAsk[],
  io: CommandIo,
  now: number,
): Promise<PendingAsk | undefined> {
  if (id === undefined) return pickAsk(pending, io, now);
  const found = pending.find((ask) => ask.id === id);
  if (!found) {
    throw new InputError(
      `no pending ask has the id ${JSON.stringify(id)}; see askuser answer --list`,
    );
  }
  return found;
}

/** Opens one ask in the form; the form closes if another surface ends the ask first. */
async function answerOne(info: ServerInfo, chosen: PendingAsk, io: CommandIo): Promise<number> {
  const api = programUserApi(info, "answer-cli");
  let record: AskRecord;
  try {
    record = await api.getAsk(chosen.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === undefined) return serverGone(io);
    throw new InputError(`the server did not return the ask ${chosen.id}: ${errorMessage(error)}`);
  }
  const ask = readAsk(record.ask);
  if (!ask)
    throw new InputError(`the server returned the ask ${chosen.id} in a form askuser cannot read`);
  if (record.state !== "pending") {
    // Ended between the list and now.
    return reportEnded(
      record.state === "resolved"
        ? { type: "resolved", ...record.resolution }
        : { type: "withdrawn", ...record.withdrawn },
      io,
    );
  }
  const stop = new AbortController();
  const closed = new AbortController();
  let endedElsewhere: Readonly<Record<string, unknown>> | undefined;
  // Where an answer sent from here is, as the asking host reports it; undefined: the server went.
  let delivered: (state: DeliveryState | undefined) => void = () => {};
  const delivery = new Promise<DeliveryState | undefined>((resolve) => (delivered = resolve));
  await followEvents(
    info,
    (event) => {
      if (event.data.id !== chosen.id) return;
      if (event.type === "delivery") {
        const state = DELIVERY_STATES.find((known) => known === event.data.delivery);
        if (state && state !== "waiting") delivered(state);
      } else if (event.type === "resolved" || event.type === "withdrawn") {
        endedElsewhere ??= { type: event.type, ...event.data };
        closed.abort();
      }
    },
    stop.signal,
    () => {
      endedElsewhere ??= { type: "server_lost" };
      closed.abort();
      delivered(undefined);
    },
  );
  try {
    const local = await io.openForm?.(ask, { closed: closed.signal });
    if (endedElsewhere || !local) return reportEnded(endedElsewhere, io);
    if (cancelsUntouched(local)) {
      const confirmed = await io.openForm?.(CONFIRM_CANCEL, { closed: closed.signal });
      if (endedElsewhere) return reportEnded(endedElsewhere, io);
      if (confirmed?.answers.cancel?.selected[0] !== CANCEL_FOR_AGENT) {
        io.stderr.write("askuser: nothing was sent; the ask still waits for an answer\n");
        return EXIT.notAnswered;
      }
    }
    return await send(api, chosen.id, local, io, delivery);
  } finally {
    stop.abort();
  }
}

/**
 * Esc on a form with nothing in it closes it at once, as it should for a form the user's own
 * agent asked; here it would also cancel another agent's question for every surface, which a
 * user leaving the terminal rarely means. A touched form already asked before cancelling.
 */
function cancelsUntouched(local: AskDetails): boolean {
  return (
    local.status === "cancelled" &&
    local.origin === "user" &&
    Object.keys(local.answers).length === 0 &&
    local.presentedType === undefined
  );
}

const CANCEL_FOR_AGENT = "Cancel it for the agent";

const CONFIRM_CANCEL: Ask = (() => {
  const validation = validateAskInput({
    questions: [
      {
        id: "cancel",
        header: "Cancel?",
        question:
          "Cancel this question for the agent too? That ends it everywhere: the agent is told the user cancelled.",
        options: [
          {
            label: "Leave it waiting",
            description: "Nothing is sent: the page or askuser answer can still answer it",
          },
          { label: CANCEL_FOR_AGENT, description: "The agent gets the user's cancel" },
        ],
      },
    ],
  });
  if (!validation.ok) throw new Error("askuser: the cancel confirmation question is invalid");
  return validation.ask;
})();

async function send(
  api: UserApi,
  id: string,
  local: AskDetails,
  io: CommandIo,
  delivery: Promise<DeliveryState | undefined>,
): Promise<number> {
  const script = scriptFromDetails(local);
  let outcome: SendOutcome;
  if (local.status === "answered" || local.status === "clarification_requested") {
    outcome = await api.postAnswer(id, script);
  } else if (local.status === "cancelled" && local.origin === "user") {
    outcome = await api.postCancel(id, script);
  } else {
    io.stderr.write("askuser: nothing was sent; the ask still waits for an answer\n");
    return EXIT.notAnswered;
  }
  switch (outcome.kind) {
    case "accepted": {
      const what = local.status === "cancelled" ? "cancel" : "answer";
      const text = `${outcome.text || modelText(local)}\n`;
      if (outcome.delivery !== "waiting") {
        io.stderr.write(`askuser: sent to the agent${SENT_AS[local.status] ?? ""}:\n`);
        io.stdout.write(text);
        return local.status === "answered" ? EXIT.answered : EXIT.notAnswered;
      }
      // As the page does: sent is not yet had; the asking host says when its agent holds it.
      io.stderr.write(`askuser: ${deliveryHeading("waiting", what)}\n`);
      io.stdout.write(text);
      const state = await delivery;
      io.stderr.write(
        state === undefined
          ? "askuser: the answer server stopped before the agent said it has it\n"
          : `askuser: ${deliveryNews(state, what)}\n`,
      );
      if (state !== "delivered" && state !== "owed") return EXIT.notAnswered;
      return local.status === "answered" ? EXIT.answered : EXIT.notAnswered;
    }
    case "taken":
      return reportEnded({ type: "resolved", ...outcome.resolution }, io);
    case "withdrawn":
      return reportEnded({ type: "withdrawn", origin: outcome.origin }, io);
    case "rejected":
      throw new InputError(`the server refused the answer: ${outcome.problems.join("; ")}`);
    case "failed":
      if (outcome.unreachable) return serverGone(io);
      throw new InputError(`the server did not take the answer: ${outcome.message}`);
  }
}

/** The server went away between the list and the answer: no one is left to receive it. */
function serverGone(io: CommandIo): number {
  io.stderr.write("askuser: the answer server is gone (its asks with it); nothing was sent\n");
  return EXIT.notAnswered;
}

const SENT_AS: Partial<Record<AskDetails["status"], string>> = {
  cancelled: " (cancelled)",
  clarification_requested: " (asked back)",
};

function reportEnded(ended: Readonly<Record<string, unknown>> | undefined, io: CommandIo): number {
  if (ended?.type === "server_lost") {
    io.stderr.write("askuser: the answer server stopped (its asks with it); nothing was sent\n");
  } else if (ended?.type === "resolved") {
    io.stderr.write(
      `askuser: already answered (by ${String(ended.by)}); yours was not sent. What was sent:\n`,
    );
    if (typeof ended.text === "string") io.stdout.write(`${ended.text}\n`);
  } else {
    io.stderr.write(
      `askuser: the agent stopped waiting: ${withdrawnWhy(String(ended?.origin ?? "unknown"))}; nothing was sent\n`,
    );
  }
  return EXIT.notAnswered;
}

function readAsk(value: unknown): Ask | undefined {
  const validation = validateAskInput(value as AskInput);
  return validation.ok ? validation.ask : undefined;
}
