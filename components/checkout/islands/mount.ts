import { h, hydrate, render } from "preact";
import { ISLANDS } from "./registry";
import type { IslandName } from "./names";
import { inPhase } from "../hydration-phase";

/** The islands hydrated so far, with the props (JSON) each was last rendered with. */
const mounted = new Map<HTMLElement, string>();

async function componentOf(el: HTMLElement) {
  const load = ISLANDS[el.dataset.island as IslandName];
  return load ? await load() : null;
}

/**
 * Hydrates every island under `root` with the props the server wrote beside it. Each is a root
 * of its own: one that fails to load (its chunk lost on the way) leaves the others working and
 * its server HTML in place. `hydrate: false` for markup the page received later (a refresh):
 * Preact then renders over it, setting every attribute, and the island is live at once
 * (hydration-phase.ts); hydration would keep the server's "not ready yet" attributes until the
 * island's next render.
 */
export async function mountIslands(root: ParentNode, hydrating = true): Promise<void> {
  const all = [...root.querySelectorAll<HTMLElement>("[data-island]")];
  if (root instanceof HTMLElement && root.hasAttribute("data-island")) all.unshift(root);
  const found = all.filter((el) => !mounted.has(el));
  await Promise.all(
    found.map(async (el) => {
      const Component = await componentOf(el).catch(() => null);
      if (!Component || mounted.has(el) || !el.isConnected) return;
      const json = el.dataset.props ?? "{}";
      mounted.set(el, json);
      const vnode = h(Component, JSON.parse(json));
      inPhase(hydrating, () => (hydrating ? hydrate(vnode, el) : render(vnode, el)));
    }),
  );
}

/** Unmounts every island under `root` (their effects cleaned up: timers, streams), before it is replaced. */
export function unmountIslands(root: Node): void {
  for (const el of [...mounted.keys()])
    if (root.contains(el)) {
      mounted.delete(el);
      render(null, el);
    }
}

/** Renders a mounted island again with new props, keeping its state, as React does on a refresh. */
export async function updateIsland(el: HTMLElement, json: string): Promise<void> {
  if (mounted.get(el) === json) return;
  const Component = await componentOf(el);
  if (!Component) return;
  mounted.set(el, json);
  el.dataset.props = json;
  render(h(Component, JSON.parse(json)), el);
}
