"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { CheckoutActions } from "@/lib/checkout/action-results";
import { browserActions } from "@/lib/checkout/browser-actions";

const ActionsContext = createContext<CheckoutActions | null>(null);

/**
 * The merchant's preview (app/) hands its server actions to the client islands here, so
 * components never import from app/: data and calls flow downwards only. The payer's page has
 * no provider: its islands hydrate each on its own (components/checkout/islands/) and call the
 * checkout's action routes with fetch (lib/checkout/browser-actions.ts).
 */
export function CheckoutActionsProvider({ actions, children }: { actions: CheckoutActions; children: ReactNode }) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

/** One for the page: the islands' effects depend on these functions, so their identity must not change between renders. */
let routes: CheckoutActions | null = null;

export function useCheckoutActions(): CheckoutActions {
  return useContext(ActionsContext) ?? (routes ??= browserActions());
}
