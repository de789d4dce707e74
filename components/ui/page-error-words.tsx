import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageErrorTextProvider } from "./page-error";

/**
 * A layout's error page words (`CheckoutError` or `ConsoleError`), translated here on the
 * server for the error page below it.
 */
export async function PageErrorWords({
  namespace,
  children,
}: {
  namespace: "CheckoutError" | "ConsoleError";
  children: ReactNode;
}) {
  const t = await getTranslations(namespace);
  return (
    <PageErrorTextProvider text={{ heading: t("heading"), explain: t("explain"), retry: t("retry"), code: t("code") }}>
      {children}
    </PageErrorTextProvider>
  );
}
