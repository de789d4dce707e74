import type { Config } from "@/lib/config";
import { scrubUrl } from "@/lib/log";

/** What the start banner shows: the database, and in the sandbox the credentials file and the demo links. */
export interface Announcement {
  port: number;
  db: string;
  processes: number;
  credentialsFile: string;
  links: { paymentLinkUri: string; state: string }[];
}

/** The start banner: where to go (sandbox: credentials and demo links; production: how to provision). */
export function announce(config: Config, a: Announcement): void {
  if (config.mode === "production") printProductionBanner(a, config.publicBaseUrl);
  else printBanner(a);
}

function printBanner({ port, db, processes, credentialsFile, links }: Announcement): void {
  // A link's secret is a capability. A developer's terminal shows it (click and pay); when
  // stdout is a pipe or a log collector, the links go out without it.
  const showSecrets = process.stdout.isTTY === true;
  const lines = [
    "",
    `  Gateway + checkout ready on http://localhost:${port}  (database: ${db}${processes > 1 ? `, ${processes} processes` : ""})`,
    `  Sandbox credentials: ${credentialsFile}   (print them with: npm run credentials)`,
    `  API reference:       http://localhost:${port}/docs  (document: /openapi.json)`,
    `  Merchant console:    http://localhost:${port}/merchant   (logins: "console" in the credentials file)`,
    "  Demo payment links:",
    ...links.map((l) => `    ${l.state.padEnd(18)} ${showSecrets ? l.paymentLinkUri : scrubUrl(l.paymentLinkUri)}`),
    ...(showSecrets
      ? []
      : ["    (secrets withheld: stdout is not a terminal; the full links are in the credentials file)"]),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

function printProductionBanner({ port, db, processes }: Announcement, publicBaseUrl: string): void {
  const lines = [
    "",
    `  Gateway + checkout (production) listening on port ${port}, public at ${publicBaseUrl}  (database: ${db}${processes > 1 ? `, ${processes} processes` : ""})`,
    "  Provision partners: npm run partners -- add merchant|acquirer --name NAME --public-key FILE.pem",
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
