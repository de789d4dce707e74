import { cardClass } from "@/lib/ui/recipes";
import { sandboxMode } from "@/lib/config";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/checkout/language-switcher";
import { SignInForm } from "@/components/merchant/sign-in-form";
import { currentSession, safeReturn } from "@/lib/console/session";
import { ConsoleActionsProvider } from "@/components/merchant/actions-context";
import { signInAction } from "@/app/merchant/actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ConsoleSignIn");
  return { title: t("title"), robots: { index: false, follow: false } };
}

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function SignInPage({ searchParams }: Props) {
  const sp = await searchParams;
  const next = safeReturn(typeof sp.next === "string" ? sp.next : null);
  if (await currentSession()) redirect(next);
  const t = await getTranslations("ConsoleSignIn");
  const c = await getTranslations("Console");
  return (
    <div className="flex flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-brand px-4 py-2 text-on-brand">
        <span className="mr-auto font-bold text-on-brand no-underline">{c("brand")}</span>
        <LanguageSwitcher query={{ next }} />
      </header>
      <main id="main" className="mx-auto w-full max-w-[72rem] p-4">
        <div className={`${cardClass} mb-4 mx-auto my-8 w-full max-w-[37.5rem]`}>
          <h1>{t("title")}</h1>
          <ConsoleActionsProvider actions={{ signIn: signInAction }}>
            <SignInForm
              labels={{
                email: t("email"),
                password: t("password"),
                submit: t("submit"),
              }}
              next={next}
            />
          </ConsoleActionsProvider>
          {sandboxMode() && <p className="text-muted text-sm">{t("demo")}</p>}
        </div>
      </main>
    </div>
  );
}
