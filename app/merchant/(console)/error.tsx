"use client";

import { PageError } from "@/components/ui/page-error";

/**
 * A console page that failed to render, inside the console's chrome (the layout above did
 * render: the session is good). Most often the gateway did not answer within the console's
 * 10 s bound; a change made just before may have been saved, which the words say.
 */
export default function ConsolePageError({ error }: { error: Error & { digest?: string } }) {
  return <PageError digest={error.digest} />;
}
