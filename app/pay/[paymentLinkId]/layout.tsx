import "@/app/checkout.css";
import type { ReactNode } from "react";
import { CheckoutActionsProvider } from "@/components/checkout/actions-context";
import { PageErrorWords } from "@/components/ui/page-error-words";
import { previewSignIn } from "./preview/actions";

/**
 * The merchant's preview (under this segment; the payer's page itself is pages/pay/): hands the
 * preview's sign-in action to its islands (components never import app/), and its error page
 * (error.tsx) its words. The payer's calls go to the action routes (./actions/[action]/route.ts).
 */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <CheckoutActionsProvider actions={{ previewSignIn }}>
      <PageErrorWords namespace="CheckoutError">{children}</PageErrorWords>
    </CheckoutActionsProvider>
  );
}
