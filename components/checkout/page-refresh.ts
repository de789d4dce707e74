/**
 * "Show the page anew": after a method is chosen, when the live status says the link changed,
 * when the deadline passes. The payer's page registers how (components/checkout/islands/
 * refresh.ts fetches the server's HTML and swaps it in, islands and all, without a document
 * load); anywhere else (the merchant's preview) it is a plain reload. An indirection so that
 * the islands' code does not carry the swap, and the swap does not carry the islands.
 */
type Refresher = (href?: string) => Promise<void>;

let refresher: Refresher | null = null;

export function setPageRefresher(fn: Refresher): void {
  refresher = fn;
}

/** Renders `href` (default: this address) in place; replaces the address when it differs. */
export function refreshPage(href?: string): Promise<void> {
  if (refresher) return refresher(href);
  if (href && href !== location.pathname + location.search) location.replace(href);
  else location.reload();
  return Promise.resolve();
}
