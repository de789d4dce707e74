import type { ComponentType } from "react";
import type { IslandName } from "./islands/names";

/**
 * One interactive part of the payer's page, server-rendered in place. Around it, a wrapper
 * (`display: contents`, so layout and the accessibility tree see only the component) that names
 * it and carries its props as JSON: on the payer's page the islands' runtime finds it and
 * hydrates the component with those props (components/checkout/islands/boot.ts), and nothing
 * else on the page runs script. In the merchant's preview (App Router) the component is a
 * client component like any other and the wrapper is inert.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div className="contents" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
