import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { answerPending } from "../survive/commands.ts";
import type { RecoveryNotice } from "../survive/recovery.ts";
import type { Survival } from "../survive/survival.ts";
import { restoreKeptAnswers } from "./kept-answers.ts";
import { answerAgain, answerFromProse, type ProseAnswerSettings } from "./prose-command.ts";
import { ProseMemory } from "./prose-memory.ts";
import { skipPending } from "./skip.ts";

type ReadProseSettings = (ctx: ExtensionContext) => Promise<ProseAnswerSettings>;

/** One memory per survival state, that is per session the extension runs in. */
const memories = new WeakMap<Survival, ProseMemory>();

function memoryOf(survival: Survival): ProseMemory {
  let memory = memories.get(survival);
  if (!memory) {
    memory = new ProseMemory();
    memories.set(survival, memory);
  }
  return memory;
}

/**
 * `/answer [n]`, `/answer skip [n | id]`: a waiting ask (one asked without waiting) comes first,
 * as before; with none waiting, `/answer` reads the questions the agent wrote in its last message.
 */
export async function answerCommand(
  survival: Survival,
  ctx: ExtensionContext,
  args: string,
  readSettings?: ReadProseSettings,
): Promise<void> {
  survival.use(ctx);
  const [verb = "", ...rest] = args.trim().split(/\s+/u);
  if (verb === "skip") {
    await skipPending(survival, ctx, rest.join(" "));
    return;
  }
  // Any ask still waiting on this branch comes first, even one the disabled tool withdraws now.
  if (survival.pending.list().some((p) => survival.onBranch(p.callEntryId))) {
    await answerPending(survival, ctx, args);
    return;
  }
  await answerFromProse(survival, ctx, memoryOf(survival), readSettings);
}

/** `/answer:again`. */
export async function answerAgainCommand(survival: Survival, ctx: ExtensionContext): Promise<void> {
  await answerAgain(survival, ctx, memoryOf(survival));
}

/** After a (re)start: answers an earlier instance kept are kept again (see `restoreKeptAnswers`). */
export function restoreKept(survival: Survival, ctx: ExtensionContext): RecoveryNotice[] {
  return restoreKeptAnswers(survival, ctx, memoryOf(survival));
}
