"use client";

import { createContext, useContext, type ReactNode } from "react";
import { buttonClass, cardClass } from "@/lib/ui/recipes";

/** A failed page's words, in the request's language: its layout translates them on the server. */
export interface PageErrorText {
  heading: string;
  explain: string;
  retry: string;
  /** the label of the error code: the error's digest */
  code: string;
}

const TextContext = createContext<PageErrorText | null>(null);

/**
 * Set by a layout (server-rendered, so in the request's language) for the error page below it:
 * the checkout ships no translation runtime to the browser (docs/i18n.md), and the console's
 * outer error page sits above the console's translation provider.
 */
export function PageErrorTextProvider({ text, children }: { text: PageErrorText; children: ReactNode }) {
  return <TextContext.Provider value={text}>{children}</TextContext.Provider>;
}

/**
 * What a page that failed to render shows instead of Next's bare error page: what happened,
 * a button to load it again, and the error's digest as its code. The failure's log line has
 * the digest beside the request id (instrumentation.ts). The digest, not the request id: the
 * failed request may be a later one than the document's (a refresh, a server action), and the
 * layout that could name the id is not rendered again for it. Neither the error's message nor
 * its stack reaches the browser (a production build replaces a server error with the digest).
 */
export function PageError({ digest }: { digest: string | undefined }) {
  const text = useContext(TextContext);
  if (!text) throw new Error("PageError outside PageErrorTextProvider");
  return (
    <section className={cardClass} aria-labelledby="page-error" data-testid="page-error">
      <h1 id="page-error">{text.heading}</h1>
      <p>{text.explain}</p>
      {/* A fresh GET of this address (no fragment, so it is a load, not a scroll). */}
      <button
        type="button"
        className={buttonClass()}
        onClick={() => window.location.assign(window.location.href.replace(/#.*$/, ""))}
      >
        {text.retry}
      </button>
      {digest ? (
        <p className="mt-3 mb-0 text-sm text-muted">
          {text.code}: <code data-testid="error-code">{digest}</code>
        </p>
      ) : null}
    </section>
  );
}

/** PageError with its words given: for a page with no provider above it (the payer's page, whose islands hydrate alone). */
export function PageErrorWith({ digest, text }: { digest: string | undefined; text: PageErrorText }) {
  return (
    <PageErrorTextProvider text={text}>
      <PageError digest={digest} />
    </PageErrorTextProvider>
  );
}
