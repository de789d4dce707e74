import "@/app/checkout.css";
import type { ReactNode } from "react";
import { CheckoutActionsProvider } from "@/components/checkout/actions-context";
import { PageErrorWords } from "@/components/ui/page-error-words";
import { chooseMethod, pollStatus, removeSavedCard, simulatePayment, startCardPayment } from "./actions";
import { previewSignIn } from "./preview/actions";

/**
 * Hands this route's server actions to the checkout's client islands (components never import
 * app/), and its error page (error.tsx) its words.
 */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <CheckoutActionsProvider
      actions={{ chooseMethod, pollStatus, simulatePayment, startCardPayment, removeSavedCard, previewSignIn }}
    >
      <PageErrorWords namespace="CheckoutError">{children}</PageErrorWords>
    </CheckoutActionsProvider>
  );
}
