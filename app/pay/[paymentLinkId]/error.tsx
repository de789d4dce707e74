"use client";

import { PageError } from "@/components/ui/page-error";
import { chrome } from "@/lib/ui/recipes";

/**
 * The checkout when its render fails: most often the gateway did not answer (every call is
 * bounded at 10 s) or the database faulted. The words come from this route's layout. A payer
 * entering with the link's secret, before any render, gets the proxy's static outage page
 * instead (lib/ui/not-found.ts).
 */
export default function CheckoutError({ error }: { error: Error & { digest?: string } }) {
  return (
    <>
      <header className={chrome.topbar}>
        <span className={chrome.brand}>Nusapay</span>
      </header>
      <main className={chrome.narrowMain}>
        <PageError digest={error.digest} />
      </main>
    </>
  );
}
