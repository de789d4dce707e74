/**
 * The checkout's action routes (docs/checkout.md "Action routes"): the page's calls as plain
 * HTTP, for its islands once they run without Next's router. Shared by the proxy (which lets
 * exactly these through), the route handler and the browser's caller, so the three agree.
 */
export const ACTION_ROUTES = ["choose", "status", "card", "remove-card", "simulate"] as const;

export type ActionRoute = (typeof ACTION_ROUTES)[number];

/** The largest body a route reads; the largest real one (a method choice) is well under 1 kB. */
export const ACTION_BODY_LIMIT = 16 * 1024;

export function isActionRoute(value: string): value is ActionRoute {
  return (ACTION_ROUTES as readonly string[]).includes(value);
}

export function actionPath(linkId: string, route: ActionRoute): string {
  return `/pay/${encodeURIComponent(linkId)}/actions/${route}`;
}
