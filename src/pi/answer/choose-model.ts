import type { Api, Model } from "@earendil-works/pi-ai";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { jsonForDisplay } from "../../core/index.ts";
import { whyModelCannotRun } from "../model-readiness.ts";
import type { CompleteFn } from "./model-extraction.ts";

export interface ChosenModel {
  readonly model: { readonly model: Model<Api>; readonly complete: CompleteFn } | undefined;
  /** Set when the model named in the settings is not one Pi knows. */
  readonly notice?: string;
}

/**
 * The model that reads prose questions: the one the settings name (`answer.model`,
 * `"provider/model-id"`), else the session's current model; none when the session has no model.
 * Requests go through Pi's model registry, which adds the provider's credentials; a model with
 * none set up is not asked.
 */
export function chooseModel(
  ctx: Pick<ExtensionContext, "model" | "modelRegistry">,
  named: string,
): ChosenModel {
  let notice: string | undefined;
  let model = ctx.model;
  if (named !== "") {
    const slash = named.indexOf("/");
    const found =
      slash > 0 ? ctx.modelRegistry.find(named.slice(0, slash), named.slice(slash + 1)) : undefined;
    if (found) model = found;
    else {
      notice = `askuser settings: answer.model ${jsonForDisplay(named)} is not a model Pi knows (write it as "provider/model-id"); ${model ? "the session's model reads the questions" : "the built-in parser reads the questions"}.`;
    }
  }
  if (!model) return notice ? { model: undefined, notice } : { model: undefined };
  const why = whyModelCannotRun(ctx.modelRegistry, model);
  if (why) {
    return {
      model: undefined,
      notice: `ask_user: ${why}, so the built-in parser reads the questions (set one up with /login or /model).`,
    };
  }
  const chosen = model;
  const complete: CompleteFn = (context, signal) =>
    ctx.modelRegistry.complete(chosen, context, { signal });
  return { model: { model: chosen, complete }, ...(notice ? { notice } : {}) };
}
