import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  agentDirFromEnv,
  piSettingsFile,
  projectSettingsFile,
  userSettingsFileFromEnv,
} from "../../src/settings/paths.ts";
import {
  errorCode,
  MAX_SETTINGS_FILE_BYTES,
  nodeSettingsFs,
} from "../../src/settings/settings-fs.ts";
import { SettingsStore } from "../../src/settings/settings-store.ts";
import { fakeKeymap } from "./support/fake-keymap.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askuser-settings-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return errorCode(error);
  }
}

describe("nodeSettingsFs", () => {
  it("reports a missing file, a directory and an oversized file by code", async () => {
    expect(await codeOf(nodeSettingsFs.readText(join(dir, "none.json")))).toBe("ENOENT");
    expect(await codeOf(nodeSettingsFs.readText(dir))).toBe("EISDIR");
    const big = join(dir, "big.json");
    await writeFile(big, " ".repeat(MAX_SETTINGS_FILE_BYTES + 1));
    expect(await codeOf(nodeSettingsFs.readText(big))).toBe("EFBIG");
  });

  it("refuses a FIFO at once instead of waiting for a writer", async () => {
    const fifo = join(dir, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    expect(await codeOf(nodeSettingsFs.readText(fifo))).toBe("EINVAL");
  });

  it("creates a file only when there is none", async () => {
    const path = join(dir, "askuser.json");
    await nodeSettingsFs.createExclusive(path, "{}\n");
    expect(await codeOf(nodeSettingsFs.createExclusive(path, "other"))).toBe("EEXIST");
    expect(await readFile(path, "utf8")).toBe("{}\n");
    expect(await codeOf(nodeSettingsFs.createExclusive(join(dir, "no", "x.json"), "{}"))).toBe(
      "ENOENT",
    );
  });

  it("replaces a file and leaves no temporary file behind, also when it fails", async () => {
    const path = join(dir, "askuser.json");
    await writeFile(path, "old");
    await nodeSettingsFs.replace(path, "new");
    expect(await readFile(path, "utf8")).toBe("new");
    await mkdir(join(dir, "sub.json"));
    expect(await codeOf(nodeSettingsFs.replace(join(dir, "sub.json"), "x"))).toBeDefined();
    expect((await readdir(dir)).sort()).toEqual(["askuser.json", "sub.json"]);
  });
});

describe("SettingsStore on a real directory", () => {
  it("creates the file, then picks up edits on the next load", async () => {
    const userFile = piSettingsFile(dir);
    const store = new SettingsStore({ fs: nodeSettingsFs, keymap: fakeKeymap, userFile });
    expect((await store.load({ createUserFile: true })).user.status.kind).toBe("created");
    await writeFile(userFile, '{"schemaVersion": 1, "idleTimeoutMinutes": 1}');
    expect((await store.load({ createUserFile: true })).effective.settings.idleTimeoutMinutes).toBe(
      1,
    );
    // Same size, same second: an mtime check could miss this edit; comparing the text does not.
    await writeFile(userFile, '{"schemaVersion": 1, "idleTimeoutMinutes": 2}');
    expect((await store.load({ createUserFile: true })).effective.settings.idleTimeoutMinutes).toBe(
      2,
    );
  });
});

describe("paths", () => {
  it.each([
    [{ PI_CODING_AGENT_DIR: "/custom" }, "/custom"],
    [{ PI_CODING_AGENT_DIR: "~/agent" }, "/home/me/agent"],
    [{ PI_CODING_AGENT_DIR: "~" }, "/home/me"],
    [{ PI_CODING_AGENT_DIR: "" }, "/home/me/.pi/agent"],
    [{}, "/home/me/.pi/agent"],
  ])("agent dir for %j is %s", (env, expected) => {
    expect(agentDirFromEnv(env, "/home/me")).toBe(expected);
  });

  it("puts the user file in the agent dir and the project file under .pi", () => {
    expect(piSettingsFile("/a")).toBe("/a/askuser.json");
    expect(projectSettingsFile("/p")).toBe("/p/.pi/askuser.json");
  });

  it.each([
    [{}, "/home/me/.config/askuser/settings.json"],
    [{ XDG_CONFIG_HOME: "/xdg" }, "/xdg/askuser/settings.json"],
    // The XDG spec: a relative XDG_CONFIG_HOME is invalid and ignored.
    [{ XDG_CONFIG_HOME: "relative/dir" }, "/home/me/.config/askuser/settings.json"],
    [{ XDG_CONFIG_HOME: "" }, "/home/me/.config/askuser/settings.json"],
    [{ XDG_CONFIG_HOME: "/xdg", ASKUSER_CONFIG: "/etc/my.json" }, "/etc/my.json"],
    [{ ASKUSER_CONFIG: "~/askuser.json" }, "/home/me/askuser.json"],
    [{ ASKUSER_CONFIG: "conf/askuser.json" }, "/work/conf/askuser.json"],
    [{ ASKUSER_CONFIG: "" }, "/home/me/.config/askuser/settings.json"],
  ])("user settings file for %j is %s", (env, expected) => {
    expect(userSettingsFileFromEnv(env, "/home/me", "/work")).toBe(expected);
  });
});
