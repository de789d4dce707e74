import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageErrorTextProvider } from "./page-error";

/**
 * A layout's error page words (`CheckoutError` or `ConsoleError`), translated here on the
 * server, and the request's id for its code (the layout reads it: components do not import
 * the logging module).
 */
export async function PageErrorWords({
  namespace,
  requestId,
  children,
}: {
  namespace: "CheckoutError" | "ConsoleError";
  requestId: string | null;
  children: ReactNode;
}) {
  const t = await getTranslations(namespace);
  return (
    <PageErrorTextProvider
      text={{ heading: t("heading"), explain: t("explain"), retry: t("retry"), code: t("code") }}
      requestId={requestId}
    >
      {children}
    </PageErrorTextProvider>
  );
}
