import { buttonClass, skipLinkClass } from "@/lib/ui/recipes";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/checkout/language-switcher";
import { ConsoleNav } from "@/components/merchant/console-nav";
import { requireSession } from "@/lib/console/session";
import { ConsoleActionsProvider } from "@/components/merchant/actions-context";
import {
  checkCallbacksAction,
  createLinkAction,
  rotateKeyAction,
  setCallbackUrlAction,
  setMethodAction,
  signOutAction,
  testCallbackAction,
} from "@/app/merchant/actions";

/** The signed-in console: every page below checks the session with the gateway first. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const path = (await headers()).get("x-nusapay-console-path") ?? "/merchant";
  const { session } = await requireSession(path);
  const t = await getTranslations("Console");
  // The console's client forms format their own messages (ICU arguments: item numbers, dates,
  // errors), so they get their two namespaces; the checkout's islands get none of this.
  const messages = await getMessages();
  return (
    <div className="flex flex-1 flex-col">
      <a className={skipLinkClass} href="#main">
        {t("skip")}
      </a>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-brand px-4 py-2 text-on-brand">
        <a className="mr-auto font-bold text-on-brand no-underline" href="/merchant">
          {t("brand")} · {session.merchant.name}
        </a>
        <span className="text-sm">{t("signedInAs", { email: session.user.email })}</span>
        <LanguageSwitcher query={{}} />
        <form action={signOutAction}>
          <button type="submit" className={buttonClass({ variant: "onBrand", size: "sm" })}>
            {t("signOut")}
          </button>
        </form>
      </header>
      <ConsoleNav
        label={t("nav")}
        items={[
          { href: "/merchant", text: t("overview") },
          { href: "/merchant/links", text: t("links") },
          { href: "/merchant/links/new", text: t("newLink") },
          { href: "/merchant/methods", text: t("methods") },
          { href: "/merchant/developers", text: t("developers") },
        ]}
      />
      <main id="main" className="mx-auto w-full max-w-[72rem] p-4">
        {/* Sign-in and sign-out are plain forms; the link form and the settings need script. */}
        <noscript>
          <p className="mb-4 rounded-md bg-bad-soft px-4 py-3 text-bad">{t("needsScript")}</p>
        </noscript>
        <ConsoleActionsProvider
          actions={{
            createLink: createLinkAction,
            setMethod: setMethodAction,
            setCallbackUrl: setCallbackUrlAction,
            testCallback: testCallbackAction,
            checkCallbacks: checkCallbacksAction,
            rotateKey: rotateKeyAction,
          }}
        >
          <NextIntlClientProvider
            messages={{
              ConsoleCreate: messages.ConsoleCreate,
              ConsoleDevelopers: messages.ConsoleDevelopers,
              ConsoleRefund: messages.ConsoleRefund,
            }}
          >
            {children}
          </NextIntlClientProvider>
        </ConsoleActionsProvider>
      </main>
    </div>
  );
}
