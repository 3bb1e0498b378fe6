import { describeReceived, isRecord } from "../core/index.ts";
import type { HookEvent } from "./hook-input.ts";

/** What `askuser setup claude-code` installs. */
export interface HookPlan {
  /** The command line that runs askuser, e.g. `askuser` or `"/usr/bin/node" "/…/askuser.js"`. */
  readonly askuser: string;
  /** Questions go to the page first; the terminal dialog shows only if nobody answers there. */
  readonly routeAway: boolean;
  /** Headless runs defer after this many seconds without an answer (the hook's default otherwise). */
  readonly deferAfter?: number;
}

/** Seconds Claude Code lets each hook run: a little past the hook's own wait, which ends first. */
const TIMEOUTS: Readonly<Record<HookEvent, number>> = {
  PreToolUse: 3660,
  PermissionRequest: 3660,
  PostToolUse: 30,
};

const MATCHER = "AskUserQuestion";

/** The `hooks` object askuser adds to a Claude Code settings file. */
export function askuserHooks(plan: HookPlan): Record<HookEvent | "Stop", unknown[]> {
  const hook = (event: HookEvent, extra: Record<string, unknown> = {}) => [
    {
      matcher: MATCHER,
      hooks: [
        {
          type: "command",
          command: [
            plan.askuser,
            "claude-code",
            event,
            ...(event === "PreToolUse" ? preToolUseFlags(plan) : []),
          ].join(" "),
          timeout: TIMEOUTS[event],
          ...extra,
        },
      ],
    },
  ];
  return {
    PreToolUse: hook(
      "PreToolUse",
      plan.routeAway
        ? { statusMessage: "Answer on the askuser page (or run: askuser answer)" }
        : {},
    ),
    PermissionRequest: hook("PermissionRequest"),
    PostToolUse: hook("PostToolUse"),
    // The end of a turn is the one news of a dialog ended without an answer ("Chat about this"):
    // no tool hook runs then. Stop takes no matcher.
    Stop: [
      {
        hooks: [
          {
            type: "command",
            command: `${plan.askuser} claude-code Stop`,
            timeout: TIMEOUTS.PostToolUse,
          },
        ],
      },
    ],
  };
}

function preToolUseFlags(plan: HookPlan): string[] {
  return [
    ...(plan.routeAway ? ["--route-away"] : []),
    ...(plan.deferAfter === undefined ? [] : ["--defer-after", String(plan.deferAfter)]),
  ];
}

/** A hook command askuser wrote: `… askuser… claude-code <Event>…`. */
function isAskuserHook(hook: unknown): boolean {
  return (
    isRecord(hook) &&
    typeof hook.command === "string" &&
    /askuser(?:\.js)?"?\s+claude-code\s+(?:PreToolUse|PermissionRequest|PostToolUse|Stop)\b/u.test(
      hook.command,
    )
  );
}

export type SettingsEdit =
  | { readonly ok: true; readonly settings: Record<string, unknown> }
  | { readonly ok: false; readonly problem: string };

/**
 * The settings without askuser's hooks: each hook askuser wrote is taken out, then a matcher
 * group, an event's list and `hooks` that taking them out left empty. Everything else stays as
 * it was, in its order, the user's own empty lists too.
 */
export function withoutAskuserHooks(settings: unknown): SettingsEdit {
  const checked = checkShape(settings);
  if (!checked.ok) return checked;
  const { hooks, ...rest } = checked.settings;
  if (hooks === undefined) return { ok: true, settings: checked.settings };
  const kept: Record<string, unknown> = {};
  let emptied = false;
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown[]>)) {
    const left = groups.flatMap((group) => {
      if (!isRecord(group) || !Array.isArray(group.hooks)) return [group];
      if (!group.hooks.some(isAskuserHook)) return [group];
      const others = group.hooks.filter((hook) => !isAskuserHook(hook));
      return others.length === 0 ? [] : [{ ...group, hooks: others }];
    });
    if (left.length > 0 || groups.length === 0) kept[event] = left;
    else emptied = true;
  }
  if (emptied && Object.keys(kept).length === 0) return { ok: true, settings: rest };
  // Spreading keeps "hooks" in its place: a diff shows only what changed.
  return { ok: true, settings: { ...checked.settings, hooks: kept } };
}

/** Whether the settings hold a hook askuser wrote. */
export function hasAskuserHooks(settings: unknown): boolean {
  if (!isRecord(settings) || !isRecord(settings.hooks)) return false;
  return Object.values(settings.hooks).some(
    (groups) =>
      Array.isArray(groups) &&
      groups.some(
        (group) => isRecord(group) && Array.isArray(group.hooks) && group.hooks.some(isAskuserHook),
      ),
  );
}

/**
 * The settings as Claude Code reads them, for comparing two files: an empty event list or an
 * empty `hooks` object says nothing.
 */
export function withoutEmptyHooks(settings: Record<string, unknown>): Record<string, unknown> {
  const { hooks, ...rest } = settings;
  if (!isRecord(hooks)) return settings;
  const lists = Object.entries(hooks).filter(
    ([, groups]) => !Array.isArray(groups) || groups.length > 0,
  );
  return lists.length === 0 ? rest : { ...settings, hooks: Object.fromEntries(lists) };
}

/** The settings with askuser's hooks (any older ones replaced), appended to each event's list. */
export function withAskuserHooks(settings: unknown, plan: HookPlan): SettingsEdit {
  const removed = withoutAskuserHooks(settings);
  if (!removed.ok) return removed;
  const current = isRecord(removed.settings.hooks) ? removed.settings.hooks : {};
  const hooks: Record<string, unknown> = { ...current };
  for (const [event, groups] of Object.entries(askuserHooks(plan))) {
    const existing = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    hooks[event] = [...existing, ...groups];
  }
  return { ok: true, settings: { ...removed.settings, hooks } };
}

function checkShape(
  settings: unknown,
): { ok: true; settings: Record<string, unknown> } | { ok: false; problem: string } {
  if (!isRecord(settings)) {
    return {
      ok: false,
      problem: `the file must hold a JSON object (received ${describeReceived(settings)})`,
    };
  }
  const hooks = settings.hooks;
  if (hooks === undefined) return { ok: true, settings };
  if (!isRecord(hooks)) {
    return {
      ok: false,
      problem: `"hooks" must be an object of event names to lists (received ${describeReceived(hooks)})`,
    };
  }
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      return {
        ok: false,
        problem: `"hooks.${event}" must be a list of matcher groups (received ${describeReceived(groups)})`,
      };
    }
  }
  return { ok: true, settings };
}
