"use client";

import { PageError } from "@/components/ui/page-error";
import { chrome } from "@/lib/ui/recipes";

/**
 * A console page whose session check failed (the console's layout asks the gateway first), or
 * the sign-in page's: no console chrome to stay inside, so one card in a narrow column.
 */
export default function ConsoleLayoutError({ error }: { error: Error & { digest?: string } }) {
  return (
    <main className={chrome.narrowMain}>
      <PageError digest={error.digest} />
    </main>
  );
}
