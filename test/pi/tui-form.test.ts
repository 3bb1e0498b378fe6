import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import {
  type Ask,
  type AskDetails,
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormState,
  type HostEnd,
  reduceForm,
  validateAskInput,
} from "../../src/core/index.ts";
import type { EndableForm } from "../../src/pi/hosted-form.ts";
import { blockedMessage, type CreateForm, openTuiForm } from "../../src/pi/tui-form.ts";

const ask: Ask = (() => {
  const result = validateAskInput({
    questions: [
      {
        id: "db",
        header: "DB",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
      {
        id: "api",
        header: "API",
        question: "Which API?",
        options: [{ label: "REST" }, { label: "gRPC" }],
      },
    ],
  });
  if (!result.ok) throw new Error("fixture");
  return result.ask;
})();

/** A stand-in for the terminal form with the same contract: reducer-driven, onDone exactly once. */
class FakeForm implements EndableForm {
  state: FormState;
  typedAhead = "";
  erasedAhead = 0;
  readonly #onDone: (details: AskDetails) => void;
  constructor(onDone: (details: AskDetails) => void) {
    this.state = createFormState(ask);
    this.#onDone = onDone;
  }
  render(): readonly string[] {
    if (this.state.tab === 99) throw new Error("render broke");
    return [`tab ${this.state.tab}`];
  }
  handleInput(data: string): void {
    if (data === "boom") throw new Error("input handler broke");
    const actions: Record<string, FormAction> = {
      "\r": { type: "activate" },
      s: { type: "submit" },
      "\x1b": { type: "requestCancel" },
    };
    const action = actions[data];
    if (action) this.#dispatch(action);
  }
  invalidate(): void {}
  end(resolution: HostEnd): void {
    this.#dispatch({ type: "end", resolution });
  }
  #dispatch(action: FormAction): void {
    const before = this.state.resolution;
    this.state = reduceForm(this.state, action);
    if (!before && this.state.resolution) this.#onDone(detailsFromForm(this.state));
  }
}

interface Harness {
  component?: {
    handleInput(data: string): void;
    render(width: number): readonly string[];
    dispose(): void;
  };
  form?: FakeForm;
  doneCalls: unknown[];
  blocked?: unknown;
  failures: unknown[];
  /** Pi's editor: its text is saved when the dialog opens and restored by done(). */
  editor: string;
  result: Promise<AskDetails>;
}

type CustomBehaviour = "normal" | "resolve-undefined";

function open(
  options: { signal?: AbortSignal; createForm?: CreateForm; custom?: CustomBehaviour } = {},
): Harness {
  const harness: Partial<Harness> & {
    doneCalls: unknown[];
    failures: unknown[];
    editor: string;
  } = {
    doneCalls: [],
    failures: [],
    editor: "also please ",
  };
  const custom = ((factory, customOptions) => {
    harness.blocked = customOptions?.blocked;
    if (options.custom === "resolve-undefined") return Promise.resolve(undefined);
    const saved = harness.editor;
    return new Promise<unknown>((resolve, reject) => {
      try {
        const component = factory({} as never, {} as never, {} as never, (value: unknown) => {
          harness.editor = saved;
          harness.doneCalls.push(value);
          resolve(value);
        });
        harness.component = component as unknown as Harness["component"];
      } catch (error) {
        reject(error);
      }
    });
  }) as ExtensionUIContext["custom"];
  const createForm: CreateForm =
    options.createForm ??
    ((request) => {
      harness.form = new FakeForm(request.onDone);
      return harness.form;
    });
  const ui = {
    custom,
    getEditorText: () => harness.editor,
    setEditorText: (text: string) => {
      harness.editor = text;
    },
  };
  harness.result = openTuiForm(
    ui,
    createForm,
    { ask, signal: options.signal, options: {} },
    (error) => harness.failures.push(error),
  );
  return harness as Harness;
}

describe("openTuiForm: the terminal form inside Pi", () => {
  it("type-ahead never answers: text the form held goes back to the end of Pi's editor", async () => {
    const h = open();
    if (h.form) h.form.typedAhead = "add tests";
    h.component?.handleInput("\x1b");
    await h.result;
    expect(h.editor).toBe("also please add tests");
  });

  it("backspaces typed ahead past the held text take back the end of Pi's editor, as they would have there", async () => {
    const h = open();
    if (h.form) {
      h.form.erasedAhead = 2;
      h.form.typedAhead = "e tests";
    }
    h.component?.handleInput("\x1b");
    await h.result;
    expect(h.editor).toBe("also please tests");
  });

  it("with nothing typed ahead, the editor is left as Pi restored it", async () => {
    const h = open();
    h.component?.handleInput("\x1b");
    await h.result;
    expect(h.editor).toBe("also please ");
  });

  it("shows the form inline with a blocked status, and resolves with the submitted answers", async () => {
    const h = open();
    h.component?.handleInput("\r");
    h.component?.handleInput("\r");
    h.component?.handleInput("s");
    const details = await h.result;
    expect(details.status).toBe("answered");
    expect(h.blocked).toEqual({ kind: "question", message: "2 questions: DB, API" });
    expect(h.doneCalls).toEqual([details]);
  });

  it("an abort ends the form as turn_abort and closes the dialog", async () => {
    const controller = new AbortController();
    const h = open({ signal: controller.signal });
    h.component?.handleInput("\r");
    controller.abort();
    const details = await h.result;
    expect(details).toMatchObject({ status: "cancelled", origin: "turn_abort" });
    expect(h.doneCalls).toHaveLength(1);
  });

  it("an abort that lands before the factory runs still ends the form", async () => {
    const controller = new AbortController();
    controller.abort();
    const h = open({ signal: controller.signal });
    expect(await h.result).toMatchObject({ status: "cancelled", origin: "turn_abort" });
    expect(h.doneCalls).toHaveLength(1);
  });

  it.each([
    ["abort, then submit", ["abort", "submit"], "cancelled"],
    ["submit, then abort", ["submit", "abort"], "answered"],
  ] as const)(
    "exactly one result when the abort races the submit (%s)",
    async (_name, order, status) => {
      const controller = new AbortController();
      const h = open({ signal: controller.signal });
      h.component?.handleInput("\r");
      h.component?.handleInput("\r");
      const settled: AskDetails[] = [];
      h.result.then((details) => settled.push(details));
      for (const step of order) {
        if (step === "abort") controller.abort();
        else h.component?.handleInput("s");
      }
      await h.result;
      await Promise.resolve();
      expect(settled.map((d) => d.status)).toEqual([status]);
      expect(h.doneCalls).toHaveLength(1);
    },
  );

  it("an exception in the form ends it as ui_failure, keeping the answers given", async () => {
    const h = open();
    h.component?.handleInput("\r");
    h.component?.handleInput("boom");
    const details = await h.result;
    expect(details).toMatchObject({ status: "cancelled", origin: "ui_failure" });
    expect(details.answers).toEqual({ db: { selected: ["Postgres"] } });
    expect(h.failures.map(String)).toEqual(["Error: input handler broke"]);
    expect(h.doneCalls).toHaveLength(1);
  });

  it("a render exception is caught too", async () => {
    const h = open();
    if (h.form) h.form.state = { ...h.form.state, tab: 99 };
    expect(h.component?.render(80)).toEqual([]);
    expect(await h.result).toMatchObject({ status: "cancelled", origin: "ui_failure" });
  });

  it("a form that cannot be built is a ui_failure before anything was shown", async () => {
    const h = open({
      createForm: () => {
        throw new Error("no terminal");
      },
    });
    expect(await h.result).toMatchObject({
      status: "cancelled",
      origin: "ui_failure",
      answers: {},
    });
    expect(h.failures.map(String)).toEqual(["Error: no terminal"]);
  });

  it("a dialog disposed without a result (reload, session switch) ends as session_closed", async () => {
    const h = open();
    h.component?.handleInput("\r");
    h.component?.dispose();
    expect(await h.result).toMatchObject({ status: "cancelled", origin: "session_closed" });
    // Pi already removed the dialog; done() would restore stale editor text.
    expect(h.doneCalls).toEqual([]);
  });

  it("custom() resolving without the form's outcome is a ui_failure, not a hang", async () => {
    const h = open({ custom: "resolve-undefined" });
    expect(await h.result).toMatchObject({ status: "cancelled", origin: "ui_failure" });
  });
});

describe("blockedMessage", () => {
  it("names the question, or counts the questions, on one short line", () => {
    const one = validateAskInput({
      questions: [
        {
          question: `Which ${"very ".repeat(40)}long option?`,
          options: [{ label: "A" }, { label: "B" }],
        },
      ],
    });
    if (!one.ok) throw new Error("fixture");
    expect(blockedMessage(one.ask)).toHaveLength(80);
    expect(blockedMessage(one.ask)).toMatch(/^Question: Which very very .*…$/u);
    expect(blockedMessage(ask)).toBe("2 questions: DB, API");
  });
});
