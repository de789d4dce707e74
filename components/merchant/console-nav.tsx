"use client";

import { usePathname } from "next/navigation";

/** The console's sections; the current one is marked for screen readers and sight. */
export function ConsoleNav({ label, items }: { label: string; items: { href: string; text: string }[] }) {
  // null only under the Pages Router, which renders the payer's page alone, never the console.
  const path = usePathname() ?? "";
  const current = (href: string) =>
    href === "/merchant"
      ? path === "/merchant"
      : path === href ||
        (path.startsWith(`${href}/`) &&
          !items.some((i) => i.href !== href && i.href.startsWith(href) && path.startsWith(i.href)));
  return (
    <nav className="overflow-x-auto border-b border-line bg-surface" aria-label={label}>
      <ul className="m-0 flex list-none gap-1 px-2 py-0">
        {items.map((i) => (
          <li key={i.href}>
            <a
              href={i.href}
              className="block border-b-[3px] border-transparent p-3 whitespace-nowrap text-ink no-underline aria-[current=page]:border-brand aria-[current=page]:font-semibold"
              aria-current={current(i.href) ? "page" : undefined}
            >
              {i.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
