import type { AskInput } from "../core/index.ts";

/** The payload `npm start` and `askuser ask --demo` open: tabs, previews, multi-select, Other and a note. */
export const DEMO_PAYLOAD: AskInput = {
  questions: [
    {
      id: "database",
      header: "Database",
      context:
        "The service stores orders and their line items; reads outnumber writes about 20 to 1, and the team already runs one Postgres cluster.",
      question: "Which database should the order service use?",
      options: [
        {
          label: "Postgres (Recommended)",
          description: "Relational, transactional, already operated by the team.",
          preview:
            "CREATE TABLE orders (\n  id         bigserial PRIMARY KEY,\n  customer   bigint NOT NULL,\n  created_at timestamptz NOT NULL DEFAULT now()\n);\n\nCREATE TABLE line_items (\n  order_id bigint REFERENCES orders(id),\n  sku      text NOT NULL,\n  qty      int  NOT NULL CHECK (qty > 0)\n);",
        },
        {
          label: "SQLite",
          description: "One file, no server; simplest to run, single writer.",
          preview: "orders.db  (one file beside the service)\n\nPRAGMA journal_mode = WAL;",
        },
        {
          label: "DynamoDB",
          description: "Managed key-value store; scales without tuning, but joins move into code.",
          preview: 'PK = "ORDER#<id>"\nSK = "ITEM#<sku>"',
        },
      ],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features should the first release include?",
      multiSelect: true,
      allowComment: true,
      options: [
        { label: "Order history", description: "Customers list and reopen past orders." },
        { label: "Refunds", description: "Partial and full refunds, with an audit trail." },
        { label: "Webhooks", description: "Notify other services when an order changes state." },
        { label: "CSV export", description: "Finance exports a month of orders at once." },
      ],
    },
    {
      id: "api",
      header: "API",
      question: "Which API style should clients use to talk to the service?",
      allowComment: true,
      options: [
        {
          label: "REST + JSON (Recommended)",
          description: "Plain HTTP resources; every client can call it.",
        },
        {
          label: "GraphQL",
          description: "Clients ask for exactly the fields they need; one endpoint.",
        },
        { label: "gRPC", description: "Typed contracts and streaming; needs generated clients." },
      ],
    },
  ],
};
