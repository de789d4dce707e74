import type { ReactNode } from "react";

/**
 * Children while the link is payable; `fallback` (the expired view) once the clock runs out.
 * Both are in the HTML: the fallback inside a <template>, which the browser keeps inert. On the
 * payer's page the islands' runtime swaps one for the other when the clock says so
 * (components/checkout/islands/until-expiry.ts); without script the page stays as rendered
 * and the next load shows the server's expired view.
 */
export function UntilExpiry({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <>
      <div className="contents" data-until-expiry="">
        {children}
      </div>
      <template data-expired-view="">{fallback}</template>
    </>
  );
}
