import { useTranslations } from "next-intl";
import { PageErrorWith } from "@/components/ui/page-error";
import { chrome } from "@/lib/ui/recipes";
import { Island } from "./island";

/**
 * The checkout when its render fails: most often the gateway did not answer (every call is
 * bounded at 10 s) or the database faulted. What happened, "Try again" (a fresh load), and the
 * error's digest, which the failure's one log line carries too. A payer entering with the link's
 * secret, before any render, gets the proxy's static outage page instead (lib/ui/not-found.ts).
 */
export function CheckoutFailed({ digest }: { digest: string }) {
  const t = useTranslations("CheckoutError");
  const text = { heading: t("heading"), explain: t("explain"), retry: t("retry"), code: t("code") };
  return (
    <>
      <header className={chrome.topbar}>
        <span className={chrome.brand}>Nusapay</span>
      </header>
      <main className={chrome.narrowMain}>
        <Island name="page-error" component={PageErrorWith} props={{ digest, text }} />
      </main>
    </>
  );
}
