import { errorMessage, jsonForDisplay } from "../../core/index.ts";
import type { NotificationSettings } from "../settings.ts";
import type { CommandRunner } from "./command-runner.ts";
import type { AskNotification } from "./notification.ts";
import { notificationText, safeUrl } from "./sanitize.ts";
import { BELL, osc9, osc777, tmuxPassthrough } from "./sequences.ts";

export type NotificationChannel = "bell" | "osc9" | "osc777" | "command";

/**
 * Writes to the user's terminal. Absent where there is none to write to (Pi's RPC mode, whose
 * stdout is the protocol): the terminal channels are then skipped.
 */
export type TerminalWriter = (data: string) => void;

export interface NotifierPorts {
  readonly runCommand: CommandRunner;
  /** Inside tmux, OSC notifications are wrapped for passthrough. */
  readonly insideTmux: boolean;
}

/** A channel that failed, told once: the same channel failing the same way again is not news. */
export interface ChannelFailure {
  readonly channel: NotificationChannel;
  readonly message: string;
}

/**
 * Sends a notification on every enabled channel. A channel failing never affects the others or
 * the ask: failures come back as values, each reported once per notifier.
 */
export class Notifier {
  readonly #ports: NotifierPorts;
  readonly #reported = new Set<string>();

  constructor(ports: NotifierPorts) {
    this.#ports = ports;
  }

  /** Resolves when every channel is done (the command may take up to its time limit); never rejects. */
  async notify(
    notification: AskNotification,
    settings: NotificationSettings,
    writeTerminal?: TerminalWriter,
  ): Promise<readonly ChannelFailure[]> {
    const failures: ChannelFailure[] = [];
    const fail = (channel: NotificationChannel, key: string, reason: string): void => {
      const id = `${channel}\u0000${key}\u0000${reason}`;
      if (this.#reported.has(id)) return;
      this.#reported.add(id);
      failures.push({ channel, message: failureMessage(channel, reason, settings) });
    };

    if (writeTerminal) {
      for (const sequence of this.#terminalSequences(notification, settings)) {
        try {
          writeTerminal(sequence.data);
        } catch (error) {
          fail(sequence.channel, "", errorMessage(error));
        }
      }
    }
    const command = settings.command.trim();
    const url = notification.url === undefined ? undefined : safeUrl(notification.url);
    if (command) {
      try {
        const outcome = await this.#ports.runCommand({
          command,
          env: {
            ASKUSER_EVENT: notification.event,
            ASKUSER_TITLE: notification.title,
            ASKUSER_MESSAGE: notification.message,
            ...(url === undefined ? {} : { ASKUSER_URL: url }),
          },
          timeoutMs: settings.commandTimeoutSeconds * 1000,
        });
        if (!outcome.ok) fail("command", command, outcome.reason);
      } catch (error) {
        fail("command", command, errorMessage(error));
      }
    }
    return failures;
  }

  #terminalSequences(
    notification: AskNotification,
    settings: NotificationSettings,
  ): { channel: NotificationChannel; data: string }[] {
    const wrap = (sequence: string): string =>
      this.#ports.insideTmux ? tmuxPassthrough(sequence) : sequence;
    const out: { channel: NotificationChannel; data: string }[] = [];
    if (settings.bell) out.push({ channel: "bell", data: BELL });
    if (settings.osc9) {
      const text = notificationText(`${notification.title}: ${notification.message}`, 280);
      out.push({ channel: "osc9", data: wrap(osc9(text)) });
    }
    if (settings.osc777) {
      out.push({ channel: "osc777", data: wrap(osc777(notification.title, notification.message)) });
    }
    return out;
  }
}

function failureMessage(
  channel: NotificationChannel,
  reason: string,
  settings: NotificationSettings,
): string {
  // The reason may quote the command's stderr: keep it to one safe line.
  const safeReason = notificationText(reason, 300);
  if (channel === "command") {
    return `askuser: the notification command ${jsonForDisplay(settings.command.trim())} failed: ${safeReason}. The question is shown anyway; fix notifications.command in the settings file that sets it, or set it to "".`;
  }
  return `askuser: the ${channel} notification failed: ${safeReason}. The question is shown anyway.`;
}
