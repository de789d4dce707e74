import "@/app/checkout.css";
import type { ReactNode } from "react";
import { CheckoutActionsProvider } from "@/components/checkout/actions-context";
import { chooseMethod, pollStatus, simulatePayment, startCardPayment } from "./actions";
import { previewSignIn } from "./preview/actions";

/** Hands this route's server actions to the checkout's client islands (components never import app/). */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <CheckoutActionsProvider actions={{ chooseMethod, pollStatus, simulatePayment, startCardPayment, previewSignIn }}>
      {children}
    </CheckoutActionsProvider>
  );
}
