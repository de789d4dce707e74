"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { ConsoleActions } from "@/lib/console/action-results";

const ActionsContext = createContext<Partial<ConsoleActions> | null>(null);

/** The console's pages hand their server actions to the client islands here (components never import app/). */
export function ConsoleActionsProvider({
  actions,
  children,
}: {
  actions: Partial<ConsoleActions>;
  children: ReactNode;
}) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

export function useConsoleAction<K extends keyof ConsoleActions>(name: K): ConsoleActions[K] {
  const action = useContext(ActionsContext)?.[name];
  if (!action) throw new Error(`console action ${name} not provided`);
  return action as ConsoleActions[K];
}
