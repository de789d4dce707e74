"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { CheckoutActions } from "@/lib/checkout/action-results";
import { browserActions } from "@/lib/checkout/browser-actions";

type PreviewActions = Pick<CheckoutActions, "previewSignIn">;

const ActionsContext = createContext<PreviewActions | null>(null);

/**
 * The merchant's preview (app/) hands its one server action, the sign-in, to its islands here,
 * so components never import from app/: data and calls flow downwards only.
 */
export function CheckoutActionsProvider({ actions, children }: { actions: PreviewActions; children: ReactNode }) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

/**
 * The payer's calls have one door, the checkout's action routes, called with fetch
 * (lib/checkout/browser-actions.ts): the payer's page has no provider above its islands, which
 * hydrate each on its own (components/checkout/islands/). Made once per page: the islands'
 * effects depend on these functions, so their identity must not change between renders.
 */
let routes: CheckoutActions | null = null;

export function useCheckoutActions(): CheckoutActions {
  const preview = useContext(ActionsContext);
  routes ??= browserActions();
  const base = routes;
  return useMemo(() => (preview ? { ...base, ...preview } : base), [base, preview]);
}
