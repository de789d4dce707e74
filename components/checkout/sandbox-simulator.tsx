"use client";

import { useId, useState, useTransition } from "react";
import type { SimulateResult } from "@/lib/checkout/action-results";
import { useCheckoutActions } from "./actions-context";

export interface SandboxSimulatorProps {
  linkId: string;
  /** what can be simulated now: the link's current VA or QR; null once nothing is payable */
  target: "va" | "qr" | null;
  labels: {
    heading: string;
    explain: string;
    pay: string;
    fail: string;
    working: string;
    sent: string;
    answered: string;
  };
}

/**
 * The sandbox banner's "Simulate payment": the browser asks this app's server, which sends
 * the acquirer's signed notification to the gateway, then shows what went and what came
 * back. It sits outside the payment panel, so the result stays on screen when the page
 * turns paid or rejected.
 */
export function SandboxSimulator({ linkId, target, labels }: SandboxSimulatorProps) {
  const id = useId();
  const { simulatePayment } = useCheckoutActions();
  const [result, setResult] = useState<SimulateResult | null>(null);
  const [pending, startTransition] = useTransition();
  if (!target && !result) return null;

  const run = (outcome: "pay" | "fail") =>
    startTransition(async () => {
      setResult(await simulatePayment(linkId, outcome));
    });

  return (
    <aside className="card sandbox-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{labels.heading}</h2>
      <p className="muted small">{labels.explain}</p>
      {target ? (
        <div className="sandbox-actions">
          <button type="button" className="btn btn-secondary" onClick={() => run("pay")} disabled={pending}>
            {labels.pay}
          </button>
          {target === "qr" ? (
            <button type="button" className="btn btn-secondary" onClick={() => run("fail")} disabled={pending}>
              {labels.fail}
            </button>
          ) : null}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {pending ? <p className="muted small">{labels.working}</p> : null}
        {!pending && result && !result.ok ? <p className="form-error">{result.error}</p> : null}
        {!pending && result?.ok ? (
          <div className="sandbox-result">
            <h3 id={`${id}-sent`}>{labels.sent.replace("{path}", result.path)}</h3>
            {/* focusable: a long payload scrolls, and the keyboard must be able to scroll it */}
            <pre data-testid="simulated-request" tabIndex={0} aria-labelledby={`${id}-sent`}>
              {JSON.stringify(result.sent, null, 2)}
            </pre>
            <h3 id={`${id}-reply`}>{labels.answered.replace("{status}", String(result.status))}</h3>
            <pre data-testid="simulated-reply" tabIndex={0} aria-labelledby={`${id}-reply`}>
              {JSON.stringify(result.reply, null, 2)}
            </pre>
          </div>
        ) : null}
      </div>
    </aside>
  );
}
