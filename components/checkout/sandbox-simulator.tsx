"use client";

import { useState, useTransition } from "react";
import type { SimulateResult } from "@/lib/checkout/action-results";
import { sandboxCardClass } from "@/lib/ui/recipes";
import { Button } from "@/components/ui/button";
import { useCheckoutActions } from "./actions-context";

const RESULT_HEADING = "mt-3 mb-1 text-sm";
const PAYLOAD = "m-0 max-h-64 overflow-x-auto rounded-md bg-subtle p-2 text-xs focus-visible:outline-offset-1";

export interface SandboxSimulatorProps {
  linkId: string;
  /** what can be simulated now: the link's current VA, QR or wallet attempt; null once nothing is payable */
  target: "va" | "qr" | "wallet" | null;
  labels: {
    heading: string;
    explain: string;
    pay: string;
    fail: string;
    working: string;
  };
}

/**
 * The sandbox banner's "Simulate payment": the browser asks this app's server, which sends
 * the acquirer's signed notification to the gateway, then shows what went and what came
 * back. It sits outside the payment panel, so the result stays on screen when the page
 * turns paid or rejected.
 */
export function SandboxSimulator({ linkId, target, labels }: SandboxSimulatorProps) {
  // One per page: a fixed id, the same in the server HTML and in every render after hydration.
  const id = "sandbox";
  const { simulatePayment } = useCheckoutActions();
  const [result, setResult] = useState<SimulateResult | null>(null);
  const [pending, startTransition] = useTransition();
  if (!target && !result) return null;

  const run = (outcome: "pay" | "fail") =>
    startTransition(async () => {
      setResult(await simulatePayment(linkId, outcome));
    });

  return (
    // The column it sits in is the server's (checkout-screen.tsx): less class text in client JS.
    <aside className={`${sandboxCardClass} mb-3`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-1 text-base">
        {labels.heading}
      </h2>
      <p className="text-sm text-muted">{labels.explain}</p>
      {target ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => run("pay")} disabled={pending}>
            {labels.pay}
          </Button>
          {target === "qr" || target === "wallet" ? (
            <Button variant="secondary" onClick={() => run("fail")} disabled={pending}>
              {labels.fail}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {pending ? <p className="text-sm text-muted">{labels.working}</p> : null}
        {!pending && result && !result.ok ? <p className="m-0 text-bad">{result.error}</p> : null}
        {!pending && result?.ok ? (
          <div>
            <h3 id={`${id}-sent`} className={RESULT_HEADING}>
              {result.headings.sent}
            </h3>
            {/* focusable: a long payload scrolls, and the keyboard must be able to scroll it */}
            <pre data-testid="simulated-request" tabIndex={0} aria-labelledby={`${id}-sent`} className={PAYLOAD}>
              {JSON.stringify(result.sent, null, 2)}
            </pre>
            <h3 id={`${id}-reply`} className={RESULT_HEADING}>
              {result.headings.answered}
            </h3>
            <pre data-testid="simulated-reply" tabIndex={0} aria-labelledby={`${id}-reply`} className={PAYLOAD}>
              {JSON.stringify(result.reply, null, 2)}
            </pre>
          </div>
        ) : null}
      </div>
    </aside>
  );
}
