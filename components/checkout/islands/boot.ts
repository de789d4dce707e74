import { setPageRefresher } from "../page-refresh";
import { enhance, watchExpiry } from "./enhance";
import { mountIslands } from "./mount";
import { refreshPage } from "./refresh";

/**
 * The payer's page's one script (issue 29). The page is server HTML that works without it
 * (VA number, QRIS, method choice as a form post); this hydrates its islands with Preact, each on
 * its own, enhances its forms, and registers the in-place refresh. No framework router, no
 * React runtime: the first load is this chunk and the ones it imports (scripts/build-islands.mjs).
 */
setPageRefresher(refreshPage);
enhance(document);
watchExpiry();
void mountIslands(document);
