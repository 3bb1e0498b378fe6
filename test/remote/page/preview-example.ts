import type { Ask } from "../../../src/core/index.ts";
import { askOf } from "../../support/asks.ts";

/** One question whose options have previews: a tree, and one with a line too long for a phone. */
export const PREVIEW_EXAMPLE: Ask = askOf({
  questions: [
    {
      id: "layout",
      header: "Layout",
      question: "Which module layout should the service use?",
      options: [
        {
          label: "One package",
          description: "Everything in src/.",
          preview: "src/\n  orders/\n    handlers.ts\n    store.ts\n  main.ts",
        },
        {
          label: "Workspaces",
          preview:
            "packages/\n  orders/\n    src/\n      a-very-long-file-name-that-goes-on-and-on-and-on-and-on.ts\n  shared/",
        },
        { label: "Decide later" },
      ],
    },
  ],
});
