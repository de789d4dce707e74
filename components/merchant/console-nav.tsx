"use client";

import { usePathname } from "next/navigation";

/** The console's sections; the current one is marked for screen readers and sight. */
export function ConsoleNav({ label, items }: { label: string; items: { href: string; text: string }[] }) {
  const path = usePathname();
  const current = (href: string) =>
    href === "/merchant"
      ? path === "/merchant"
      : path === href ||
        (path.startsWith(`${href}/`) &&
          !items.some((i) => i.href !== href && i.href.startsWith(href) && path.startsWith(i.href)));
  return (
    <nav className="console-nav" aria-label={label}>
      <ul>
        {items.map((i) => (
          <li key={i.href}>
            <a href={i.href} aria-current={current(i.href) ? "page" : undefined}>
              {i.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
