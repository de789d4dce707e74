import { islandsUnder, mountIslands, unmountIslands, updateIsland } from "./mount";
import { enhance } from "./enhance";

/**
 * Shows the server's page anew without a document load, as the App Router's refresh did: the
 * page's HTML is fetched (same cookies) and each top-level region of the new page replaces the
 * old one where it changed. A region with islands is replaced whole when it is the <main> (the
 * payment panel: another state, other islands); elsewhere (the sandbox panel below it) its
 * islands are rendered again with their new props, so what they show survives the switch (the
 * simulator's last request and answer stay on screen when the page turns paid).
 *
 * An answer that is not the page (404: the session is gone; 503: the gateway is down) is shown
 * by loading it; a network failure leaves the page as it is (the live status tries again).
 */
export async function refreshPage(href?: string): Promise<void> {
  const here = location.pathname + location.search;
  const target = href ?? here;
  let html: string;
  try {
    const res = await fetch(target, { headers: { accept: "text/html" }, cache: "no-store" });
    if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("text/html")) {
      location.replace(target);
      return;
    }
    html = await res.text();
  } catch {
    return;
  }
  const next = new DOMParser().parseFromString(html, "text/html");
  const newRoot = next.getElementById("__next");
  const oldRoot = document.getElementById("__next");
  if (!newRoot || !oldRoot) {
    location.replace(target);
    return;
  }
  if (target !== here) history.replaceState(history.state, "", target);
  document.title = next.title;
  document.documentElement.lang = next.documentElement.lang;
  await swapRegions(oldRoot, newRoot);
}

async function swapRegions(oldRoot: Element, newRoot: Element): Promise<void> {
  const olds = [...oldRoot.children];
  const news = [...newRoot.children];
  if (olds.length !== news.length || olds.some((o, i) => o.tagName !== news[i]!.tagName)) {
    await replace(oldRoot, newRoot);
    return;
  }
  await Promise.all(olds.map((o, i) => swapRegion(o, news[i]!)));
}

async function swapRegion(o: Element, n: Element): Promise<void> {
  const oldIslands = islandsUnder(o);
  const newIslands = islandsUnder(n);
  if (oldIslands.length === 0) {
    if (o.outerHTML !== n.outerHTML) await replace(o, n);
    return;
  }
  const sameIslands =
    o.tagName !== "MAIN" &&
    oldIslands.length === newIslands.length &&
    oldIslands.every((el, i) => el.dataset.island === newIslands[i]!.dataset.island);
  if (!sameIslands) {
    await replace(o, n);
    return;
  }
  await Promise.all(oldIslands.map((el, i) => updateIsland(el, newIslands[i]!.dataset.props ?? "{}")));
}

/** Replaces `o` with the new region, unmounting its islands first and hydrating the new ones; keeps focus on an element of the same id. */
async function replace(o: Element, n: Element): Promise<void> {
  const active = document.activeElement;
  const focusId = active && active !== document.body && o.contains(active) ? active.id : "";
  unmountIslands(o);
  const fresh = document.importNode(n, true);
  o.replaceWith(fresh);
  enhance(fresh);
  await mountIslands(fresh);
  if (focusId) document.getElementById(focusId)?.focus();
}
