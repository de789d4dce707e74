import { mountIslands, unmountIslands, updateIsland } from "./mount";
import { ISLANDS } from "./registry";
import type { IslandName } from "./names";
import { enhance } from "./enhance";

/**
 * Shows the server's page anew without a document load, as the App Router's refresh did: the
 * page's HTML is fetched (same cookies) and the document is brought to it node by node
 * (`morph`). What is the same stays the same node, so focus, what the payer typed and each
 * island's state survive: an island still there is rendered again with its new props (the
 * sandbox simulator keeps its last request and answer when the page turns paid; a card half
 * typed stays typed when the payment's key changes). What differs is replaced, its islands
 * unmounted and the new ones hydrated.
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
  // The new page's island chunks first (the card form's, after a choice): the page changes in
  // one step, its new controls live from the first frame, as the App Router's refresh was.
  const names = new Set([...newRoot.querySelectorAll("[data-island]")].map((el) => el.getAttribute("data-island")));
  await Promise.all([...names].map((name) => Promise.resolve(ISLANDS[name as IslandName]?.()).catch(() => null)));
  if (target !== here) history.replaceState(history.state, "", target);
  document.title = next.title;
  document.documentElement.lang = next.documentElement.lang;
  const added: Element[] = [];
  const updates: Promise<void>[] = [];
  morph(oldRoot, newRoot, added, updates);
  for (const el of added) enhance(el);
  await Promise.all([...updates, ...added.map((el) => mountIslands(el, false))]);
}

const islandOf = (node: Node) => (node instanceof Element ? node.getAttribute("data-island") : null);

/** Whether `a` can become `b` in place: the same kind of node, the same element, the same island. */
function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (!(a instanceof Element)) return true;
  return a.tagName === (b as Element).tagName && islandOf(a) === islandOf(b);
}

/**
 * Attributes the page's own life set, which the server's HTML never has: the runtime's marks,
 * and a <details> the payer opened (the VA's payment steps stay open across a refresh).
 */
const kept = (el: Element, name: string) => name === "data-enhanced" || (name === "open" && el.tagName === "DETAILS");

function morph(o: Element, n: Element, added: Element[], updates: Promise<void>[]): void {
  const island = islandOf(n);
  if (island) {
    updates.push(updateIsland(o as HTMLElement, n.getAttribute("data-props") ?? "{}"));
    return;
  }
  for (const a of [...o.attributes]) if (!n.hasAttribute(a.name) && !kept(o, a.name)) o.removeAttribute(a.name);
  for (const a of [...n.attributes]) if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
  if (o instanceof HTMLTemplateElement && n instanceof HTMLTemplateElement) {
    o.content.replaceChildren(document.importNode(n.content, true));
    return;
  }
  const olds = [...o.childNodes];
  const news = [...n.childNodes];
  news.forEach((b, i) => {
    const a = olds[i];
    if (a && sameKind(a, b)) {
      if (a instanceof Element) morph(a, b as Element, added, updates);
      else if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    const fresh = document.importNode(b, true);
    if (a) {
      unmountIslands(a);
      a.replaceWith(fresh);
    } else o.append(fresh);
    if (fresh instanceof Element) added.push(fresh);
  });
  for (const a of olds.slice(news.length)) {
    unmountIslands(a);
    a.parentNode?.removeChild(a);
  }
}
