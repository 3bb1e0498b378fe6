import {
  type Ask,
  type AskDetails,
  type Clock,
  INPUT_GUARD_ENV,
  neutraliseInline,
} from "../core/index.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { type CommandRunner, runShellCommand } from "../settings/notify/command-runner.ts";
import { notificationForAsk } from "../settings/notify/notification.ts";
import { type ChannelFailure, Notifier } from "../settings/notify/notifier.ts";
import type { Settings } from "../settings/settings.ts";
import { systemClock } from "../tui/clock.ts";
import type { FormKeymap } from "../tui/keymap/keymap.ts";
import { formKeymap } from "../tui/keymap/keymap-overrides.ts";
import { settingsForAsk } from "./user-settings.ts";

/** What the settings add to the terminal form: the user's keys, activity, a timeout, a hook. */
export interface SettingsFormHooks {
  readonly keymap: FormKeymap;
  /** Absent when ASKUSER_INPUT_GUARD_MS is set: the environment wins, as a switch would. */
  readonly inputGuardMs?: number;
  readonly presentSingleAsMulti: boolean;
  readonly onInput: () => void;
  readonly timeout: AbortSignal;
  readonly onShown: (terminal: { write(data: string): void }) => void;
}

export interface FormSettingsPorts {
  readonly timers: Clock;
  readonly runCommand: CommandRunner;
  /** Inside tmux, OSC notifications are wrapped for passthrough. */
  readonly insideTmux: boolean;
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs `askuser ask`'s form with the user's settings, as Pi does: their keys, the input guard, the
 * idle timeout (ends the form as timed_out with the answers so far) and the notifications when it
 * opens.
 *
 * The notification is never awaited by the form. A channel's failure is told on standard error
 * once the form is gone (earlier it would draw over the form); the process exits when the
 * command is done or stopped at its time limit.
 */
export async function openFormWithSettings(
  ask: Ask,
  settings: Settings,
  ports: FormSettingsPorts,
  run: (hooks: SettingsFormHooks) => Promise<AskDetails>,
  onActivity?: (touch: () => void) => void,
): Promise<AskDetails> {
  const expiry = new AbortController();
  let timer: ReturnType<typeof idleTimerFor>;
  let notified: Promise<readonly ChannelFailure[]> | undefined;
  const notifier = new Notifier({ runCommand: ports.runCommand, insideTmux: ports.insideTmux });
  onActivity?.(() => timer?.touch());
  try {
    return await run({
      keymap: formKeymap(settings.keys),
      ...(ports.env[INPUT_GUARD_ENV] ? {} : { inputGuardMs: settings.inputGuardMs }),
      presentSingleAsMulti: settings.presentSingleAsMulti,
      onInput: () => timer?.touch(),
      timeout: expiry.signal,
      onShown: (terminal) => {
        timer = idleTimerFor(settings, ports.timers, () => expiry.abort());
        notified = notifier.notify(
          notificationForAsk(ask, "ask_open", "askuser"),
          settings.notifications,
          (data) => terminal.write(data),
        );
      },
    });
  } finally {
    timer?.stop();
    void notified?.then((failures) => {
      for (const failure of failures) ports.stderr.write(`${neutraliseInline(failure.message)}\n`);
    });
  }
}

/** The form with the user settings file of this process's environment, and the real clock and shell. */
export async function openFormWithUserSettings(
  ask: Ask,
  run: (hooks: SettingsFormHooks) => Promise<AskDetails>,
  onActivity?: (touch: () => void) => void,
): Promise<AskDetails> {
  const settings = await settingsForAsk({ env: process.env, cwd: process.cwd() }, process.stderr);
  const ports: FormSettingsPorts = {
    timers: systemClock,
    runCommand: runShellCommand,
    insideTmux: Boolean(process.env.TMUX),
    stderr: process.stderr,
    env: process.env,
  };
  return openFormWithSettings(ask, settings, ports, run, onActivity);
}
