import { cardClass } from "@/lib/ui/recipes";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CallbackUrlForm, RotateKey, TestCallbackButton } from "@/components/merchant/developer-tools";
import { CallbackCheckPanel } from "@/components/merchant/callback-check";
import { requireSession } from "@/lib/console/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleDevelopers"))("title") };
}

export default async function DevelopersPage() {
  const { client } = await requireSession("/merchant/developers");
  const account = await client.account();
  const t = await getTranslations("ConsoleDevelopers");
  return (
    <>
      <h1>{t("title")}</h1>
      <section className={`${cardClass} mb-4`} aria-labelledby="ids-heading">
        <h2 id="ids-heading" className="sr-only">
          {t("partnerId")}
        </h2>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 [&_dd]:m-0 [&_dd]:break-all [&_dt]:font-semibold">
          <dt>{t("partnerId")}</dt>
          <dd className="font-mono">{account.partnerId}</dd>
          <dt>{t("clientKey")}</dt>
          <dd className="font-mono">{account.clientKey}</dd>
          <dt>{t("channelId")}</dt>
          <dd className="font-mono">{account.channelId}</dd>
        </dl>
        <h3>{t("publicKey")}</h3>
        <pre className="max-h-80 overflow-auto rounded-md bg-canvas p-2 font-mono text-xs break-all whitespace-pre-wrap">
          {account.gatewayPublicKeyPem}
        </pre>
      </section>
      <section className={`${cardClass} mb-4`} aria-labelledby="cb-heading">
        <h2 id="cb-heading">{t("callbackBaseUrl")}</h2>
        <CallbackUrlForm value={account.callbackBaseUrl ?? ""} />
        <TestCallbackButton />
      </section>
      <section className={`${cardClass} mb-4`} aria-labelledby="check-heading">
        <h2 id="check-heading">{t("callbackCheck")}</h2>
        <CallbackCheckPanel
          defaultUrl={account.callbackBaseUrl ? `${account.callbackBaseUrl}/v1.0/payment-link/notify` : null}
        />
      </section>
      <section className={`${cardClass} mb-4`} aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t("keys")}</h2>
        <p>{t("rotateWarning", { seconds: account.keyRotationGraceSeconds })}</p>
        <RotateKey which="secretKey" previousUntil={account.previousSecretKeyUntil} />
        <RotateKey which="clientSecret" previousUntil={account.previousClientSecretUntil} />
      </section>
      <section className={`${cardClass} mb-4`} aria-labelledby="api-heading">
        <h2 id="api-heading">{t("apiReference")}</h2>
        <p>{t("apiReferenceLead")}</p>
        <p>
          <a href="/docs">{t("apiReference")}</a> · <a href="/openapi.json">/openapi.json</a>
        </p>
      </section>
    </>
  );
}
