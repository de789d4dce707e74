import type { ComponentType } from "preact";
import { CheckoutClock } from "../checkout-clock";
import { Countdown } from "../countdown";
import { LocalTime } from "../local-time";
import { SandboxSimulator } from "../sandbox-simulator";
import { WalletPushTimer } from "../wallet-push-timer";
import { CopyButton } from "@/components/ui/copy-button";
import { PageErrorWith } from "@/components/ui/page-error";
import type { IslandName } from "./names";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * What each island name renders. The small ones ride in the runtime's first chunk; the card
 * form (and the SDK it confirms with) is a chunk of its own, fetched only by a page that shows
 * the card step. The status poller is loaded later still, by the clock (checkout-clock.tsx).
 */
export const ISLANDS: Record<IslandName, () => AnyComponent | Promise<AnyComponent>> = {
  clock: () => CheckoutClock as AnyComponent,
  countdown: () => Countdown as AnyComponent,
  "local-time": () => LocalTime as AnyComponent,
  copy: () => CopyButton as AnyComponent,
  simulator: () => SandboxSimulator as AnyComponent,
  "push-timer": () => WalletPushTimer as AnyComponent,
  "page-error": () => PageErrorWith as AnyComponent,
  card: () => import("../card-form").then((m) => m.CardForm as AnyComponent),
};
