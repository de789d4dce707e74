"use client";

import { createContext, useContext, type ReactNode } from "react";
import { buttonClass, cardClass } from "@/lib/ui/recipes";

/** A failed page's words, in the request's language: its layout translates them on the server. */
export interface PageErrorText {
  heading: string;
  explain: string;
  retry: string;
  /** the label of the error code: the request's id */
  code: string;
}

const TextContext = createContext<{ text: PageErrorText; requestId: string | null } | null>(null);

/**
 * Set by a layout (server-rendered, so in the request's language) for the error page below it:
 * the checkout ships no translation runtime to the browser (docs/i18n.md), and the console's
 * outer error page sits above the console's translation provider. The request id is this
 * render's; the log line for the failure carries it (instrumentation.ts).
 */
export function PageErrorTextProvider({
  text,
  requestId,
  children,
}: {
  text: PageErrorText;
  requestId: string | null;
  children: ReactNode;
}) {
  return <TextContext.Provider value={{ text, requestId }}>{children}</TextContext.Provider>;
}

/**
 * What a page that failed to render shows instead of Next's bare error page: what happened,
 * a button to load it again, and the request's id as an error code, which support finds in the
 * server's log line for this failure. Neither the error's message nor its stack reaches the
 * browser (a production build replaces a server error with a digest).
 */
export function PageError() {
  const scope = useContext(TextContext);
  if (!scope) throw new Error("PageError outside PageErrorTextProvider");
  const { text, requestId } = scope;
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
      {requestId ? (
        <p className="mt-3 mb-0 text-sm text-muted">
          {text.code}: <code data-testid="error-code">{requestId}</code>
        </p>
      ) : null}
    </section>
  );
}
