/** Every island of the payer's page: the server's <Island name> and the runtime's registry agree on these. */
export type IslandName =
  "clock" | "countdown" | "local-time" | "copy" | "simulator" | "push-timer" | "card" | "page-error";
