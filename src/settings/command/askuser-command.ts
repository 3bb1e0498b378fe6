import { errorMessage } from "../../core/index.ts";
import type { SettingSource } from "../merge-layers.ts";
import { noticeText } from "../notices.ts";
import { type BooleanSettingId, scalarOf } from "../settings.ts";
import { errorCode, type SettingsFs } from "../settings-fs.ts";
import type { LoadOptions, SettingsSnapshot, SettingsStore } from "../settings-store.ts";
import { defaultsText, withBoolean } from "./edit-user-file.ts";
import { buildMenu } from "./menu.ts";
import { fileSummary, rowText, settingRows } from "./settings-rows.ts";

/** The dialogs `/askuser` uses; in Pi, `ctx.ui`. */
export interface CommandUi {
  /** `highlight`: the row to open on (the one acted on last); the first row when absent. */
  select(title: string, options: string[], highlight?: number): Promise<string | undefined>;
  notify(message: string, level: "info" | "warning" | "error"): void;
}

export interface AskuserCommandDeps {
  readonly store: SettingsStore;
  readonly fs: SettingsFs;
}

export interface CommandContext {
  readonly ui: CommandUi;
  /** The project's settings file, given only when the project is trusted. */
  readonly projectFile?: string;
}

export interface Feedback {
  readonly level: "info" | "warning" | "error";
  readonly message: string;
}

const COMMAND_USAGE =
  "Usage: /askuser (a menu), /askuser show, /askuser toggle <setting>, /askuser reset (twice to confirm)";

/**
 * `/askuser`: shows the effective settings and where each came from, flips the boolean ones, and
 * resets the user file to the defaults. Every change is written to the user file at once; a
 * failed write leaves the file (and so the settings) as they were, and says why.
 */
export class AskuserCommand {
  readonly #deps: AskuserCommandDeps;
  /** `/askuser reset` typed once arms the reset; any other use of the command disarms it. */
  #resetArmed = false;
  #projectFile: string | undefined;

  constructor(deps: AskuserCommandDeps) {
    this.#deps = deps;
  }

  async run(args: string, context: CommandContext): Promise<void> {
    const ui = context.ui;
    this.#projectFile = context.projectFile;
    const [verb, ...rest] = args.trim().split(/\s+/u).filter(Boolean);
    const wasArmed = this.#resetArmed;
    this.#resetArmed = false;
    switch (verb) {
      case undefined:
      case "menu":
        return this.#menu(ui);
      case "show":
        return this.#show(ui);
      case "toggle":
        return this.#toggleByName(rest.join(" "), ui);
      case "reset":
        if (wasArmed) {
          const feedback = await this.reset(await this.#load(ui));
          ui.notify(feedback.message, feedback.level);
          return;
        }
        this.#resetArmed = true;
        ui.notify(
          "Run /askuser reset again to reset your askuser settings to the defaults (the current file is kept as a .bak).",
          "warning",
        );
        return;
      default:
        ui.notify(COMMAND_USAGE, "warning");
    }
  }

  async #menu(ui: CommandUi): Promise<void> {
    let armed = false;
    // The menu reopens after every action on the row acted on, so "select again to confirm"
    // is one Enter away and a second toggle needs no walking back down.
    let highlight: number | undefined;
    for (;;) {
      const snapshot = await this.#load(ui);
      const menu = buildMenu(settingRows(snapshot), armed);
      const choice = await ui.select(
        `askuser settings (${this.#deps.store.ownFile})`,
        menu.options,
        highlight,
      );
      highlight = menu.rowOf(choice);
      const intent = menu.intentOf(choice);
      armed = intent.kind === "armReset";
      switch (intent.kind) {
        case "close":
          return;
        case "armReset":
          continue;
        case "reset": {
          const feedback = await this.reset(snapshot);
          ui.notify(feedback.message, feedback.level);
          continue;
        }
        case "toggle": {
          const feedback = await this.toggle(intent.id, snapshot);
          ui.notify(feedback.message, feedback.level);
          continue;
        }
        case "explain":
          ui.notify(
            `${intent.row.label} is set in the settings file as "${intent.row.id}": edit ${this.#fileToEdit(intent.row.source)} (the next question uses the change).`,
            "info",
          );
          continue;
      }
    }
  }

  async #show(ui: CommandUi): Promise<void> {
    const snapshot = await this.#load(ui);
    const rows = settingRows(snapshot);
    const labelWidth = Math.max(...rows.map((row) => row.label.length));
    const valueWidth = Math.max(...rows.map((row) => row.value.length));
    ui.notify(
      [
        "askuser settings",
        fileSummary("user file", snapshot.user),
        ...(snapshot.pi ? [fileSummary("Pi file", snapshot.pi)] : []),
        fileSummary("project file", snapshot.project),
        ...rows.map((row) => `  ${rowText(row, labelWidth, valueWidth)}`),
      ].join("\n"),
      "info",
    );
  }

  async #toggleByName(name: string, ui: CommandUi): Promise<void> {
    const snapshot = await this.#load(ui);
    const row = settingRows(snapshot).find((r) => r.id === name && r.toggle);
    if (!row?.toggle) {
      const names = settingRows(snapshot).flatMap((r) => (r.toggle ? [r.toggle] : []));
      ui.notify(
        `/askuser toggle: "${name}" is not an on/off setting; use one of ${names.join(", ")}`,
        "warning",
      );
      return;
    }
    const feedback = await this.toggle(row.toggle, snapshot);
    ui.notify(feedback.message, feedback.level);
  }

  /**
   * The file a change goes to: the one the value came from, or the host's own file for a default.
   * Writing a value from the user file into Pi's file instead would not always win: a default
   * there counts as unset (see mergeLayers).
   */
  #fileToEdit(source: SettingSource): string {
    return source === "user" ? this.#deps.store.userFile : this.#deps.store.ownFile;
  }

  /** Flips one boolean in the file it comes from (see #fileToEdit). */
  async toggle(id: BooleanSettingId, snapshot: SettingsSnapshot): Promise<Feedback> {
    const current = scalarOf(snapshot.effective.settings, id) === true;
    const shown = (value: boolean): string => (value ? "on" : "off");
    if (snapshot.effective.scalarSources[id] === "project" && snapshot.project) {
      return {
        level: "warning",
        message: `${id} is ${shown(current)} because the project file ${snapshot.project.path} sets it, and project settings win; change it there.`,
      };
    }
    const file = this.#fileToEdit(snapshot.effective.scalarSources[id]);
    const read = await this.#readFile(file);
    if (!read.ok) {
      return {
        level: "error",
        message: `Could not read ${file}: ${read.reason}. ${id} stays ${shown(current)}.`,
      };
    }
    const edit = withBoolean(read.text, id, !current);
    if (!edit.ok) {
      return {
        level: "error",
        message: `Did not change ${file}: ${edit.reason}. ${id} stays ${shown(current)}.`,
      };
    }
    try {
      await this.#deps.fs.replace(file, edit.text);
    } catch (error) {
      return {
        level: "error",
        message: `Could not save ${file}: ${errorMessage(error)}. ${id} stays ${shown(current)}.`,
      };
    }
    const upgraded =
      edit.upgradedFrom === undefined
        ? ""
        : ` The file was upgraded from schemaVersion ${edit.upgradedFrom} to the current one.`;
    return {
      level: "info",
      message: `${id} is now ${shown(!current)} (saved in ${file}).${upgraded}`,
    };
  }

  /** Replaces the host's own file with the defaults, keeping the old one next to it as `.bak`. */
  async reset(snapshot: SettingsSnapshot): Promise<Feedback> {
    const file = this.#deps.store.ownFile;
    const read = await this.#readFile(file);
    if (!read.ok)
      return {
        level: "error",
        message: `Could not read ${file}: ${read.reason}. Nothing was reset.`,
      };
    let backup = "";
    if (read.text !== undefined) {
      try {
        await this.#deps.fs.replace(`${file}.bak`, read.text);
        backup = ` The previous file is in ${file}.bak.`;
      } catch (error) {
        return {
          level: "error",
          message: `Could not back up ${file} to ${file}.bak: ${errorMessage(error)}. Nothing was reset.`,
        };
      }
    }
    try {
      await this.#deps.fs.replace(file, defaultsText());
    } catch (error) {
      return {
        level: "error",
        message: `Could not save ${file}: ${errorMessage(error)}. Nothing was reset.`,
      };
    }
    const user =
      snapshot.pi && snapshot.user.status.kind === "loaded"
        ? ` The user file ${snapshot.user.path} still applies.`
        : "";
    const project =
      snapshot.project?.status.kind === "loaded"
        ? ` The project file ${snapshot.project.path} still applies.`
        : "";
    return {
      level: "info",
      message: `askuser settings reset to the defaults.${backup}${user}${project}`,
    };
  }

  /** Loads like an ask would (without creating the file); problems not reported yet are shown here. */
  async #load(ui: CommandUi): Promise<SettingsSnapshot> {
    const projectFile = this.#projectFile;
    const options: LoadOptions =
      projectFile === undefined
        ? { createUserFile: false }
        : { createUserFile: false, projectFile };
    const snapshot = await this.#deps.store.load(options);
    for (const notice of snapshot.notices) ui.notify(noticeText(notice), notice.level);
    return snapshot;
  }

  async #readFile(
    path: string,
  ): Promise<{ ok: true; text: string | undefined } | { ok: false; reason: string }> {
    try {
      return { ok: true, text: await this.#deps.fs.readText(path) };
    } catch (error) {
      if (errorCode(error) === "ENOENT") return { ok: true, text: undefined };
      return { ok: false, reason: errorMessage(error) };
    }
  }
}
