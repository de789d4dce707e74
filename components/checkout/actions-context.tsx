"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { CheckoutActions } from "@/lib/checkout/action-results";

const ActionsContext = createContext<CheckoutActions | null>(null);

/**
 * The page (app/) hands its server actions to the client islands here, so components never
 * import from app/: data and calls flow downwards only.
 */
export function CheckoutActionsProvider({ actions, children }: { actions: CheckoutActions; children: ReactNode }) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

export function useCheckoutActions(): CheckoutActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error("useCheckoutActions outside CheckoutActionsProvider");
  return actions;
}
