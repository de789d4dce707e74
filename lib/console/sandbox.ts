import "@/lib/server-only";
import type { SnapCredentials } from "@/lib/clients/gateway-client";
import type { LinkDetail } from "@/lib/contract/console";
import {
  acquirerNotification,
  notifyAsAcquirer,
  simulatableOutcomes,
  type SimulatedOutcome,
} from "@/lib/connector/sandbox-acquirer";

/**
 * The console's sandbox buttons act as the sandbox acquirer, as `npm run simulate` does: a real
 * signed notification over HTTP with the acquirer's keys from the credentials file, sent as the
 * checkout's sandbox panel sends it. What may be sent is the checkout's rule
 * (lib/connector/sandbox-acquirer.ts, `simulatableOutcomes`), not one of the console's own; its
 * `sandboxAcquirer` says whether there are keys: outside sandbox mode, or without that file,
 * there are no buttons.
 */
const SIMULATIONS = ["va", "qr", "qr-fail", "ew", "ew-fail"] as const;
export type Simulation = (typeof SIMULATIONS)[number];

export function isSimulation(v: unknown): v is Simulation {
  return (SIMULATIONS as readonly unknown[]).includes(v);
}

function outcomeOf(kind: Simulation): SimulatedOutcome {
  return kind === "qr-fail" || kind === "ew-fail" ? "fail" : "pay";
}

/** One button per notification the rule allows for the link now, named for its method. */
export function simulations(link: LinkDetail): Simulation[] {
  const type = link.payment?.type;
  return simulatableOutcomes(link).flatMap((o): Simulation[] =>
    type === "va"
      ? ["va"]
      : type === "qr"
        ? [o === "pay" ? "qr" : "qr-fail"]
        : type === "ew"
          ? [o === "pay" ? "ew" : "ew-fail"]
          : [],
  );
}

/**
 * The notification's HTTP status, or null when there is nothing to send for `kind` (a page shown
 * before the link changed, or a second click).
 */
export async function simulate(acquirer: SnapCredentials, link: LinkDetail, kind: Simulation): Promise<number | null> {
  if (!simulations(link).includes(kind)) return null;
  const what = acquirerNotification(link, outcomeOf(kind));
  if (!what) return null;
  return (await notifyAsAcquirer(acquirer, what, link.totalAmount.value)).status;
}
