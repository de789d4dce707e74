"use client";

import { buttonClass, cardClass, inputClass } from "@/lib/ui/recipes";
import { useActionState, useState, useTransition } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/console/action-results";
import { useConsoleAction } from "./actions-context";
import type { TestCallback } from "@/lib/contract/console";
import { CopyButton } from "@/components/ui/copy-button";

export function CallbackUrlForm({ value }: { value: string }) {
  const t = useTranslations("ConsoleDevelopers");
  const setCallbackUrlAction = useConsoleAction("setCallbackUrl");
  const [state, action, pending] = useActionState<ActionResult & { done?: boolean }, FormData>(
    async (prev, form) => {
      const r = await setCallbackUrlAction(prev, form);
      return r.ok ? { ok: true, done: true } : r;
    },
    { ok: true },
  );
  return (
    <form action={action}>
      <div className="mb-3 flex min-w-0 flex-col gap-1">
        <label htmlFor="cb-url">{t("callbackBaseUrl")}</label>
        <input
          className={inputClass}
          id="cb-url"
          name="callbackBaseUrl"
          type="url"
          defaultValue={value}
          aria-describedby="cb-hint"
          aria-invalid={!state.ok || undefined}
        />
        <p className="m-0 text-xs text-muted" id="cb-hint">
          {t("callbackHint")}
        </p>
        {!state.ok && (
          <p className="m-0 text-sm text-bad" role="alert">
            {state.error}
          </p>
        )}
      </div>
      <div className="my-2 flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending}>
          {t("saveUrl")}
        </button>
        <span role="status">{state.ok && state.done ? t("saved") : ""}</span>
      </div>
    </form>
  );
}

/** Send test callback: the exact signed request and whatever came back. */
export function TestCallbackButton() {
  const t = useTranslations("ConsoleDevelopers");
  const testCallbackAction = useConsoleAction("testCallback");
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<{
    test: TestCallback;
  }> | null>(null);
  return (
    <div>
      <button
        type="button"
        className={buttonClass()}
        disabled={pending}
        onClick={() => start(async () => setResult(await testCallbackAction()))}
      >
        {t("testCallback")}
      </button>
      <div role="status">
        {result && !result.ok && <p className="m-0 text-sm text-bad">{result.error}</p>}
        {result?.ok && (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <div>
              <h3>{t("testRequest")}</h3>
              <pre
                className="max-h-80 overflow-auto rounded-md bg-canvas p-2 font-mono text-xs break-all whitespace-pre-wrap"
                data-testid="test-request"
              >
                {`POST ${result.test.request.url}\n${Object.entries(result.test.request.headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join("\n")}\n\n${result.test.request.body}`}
              </pre>
            </div>
            <div>
              <h3>{t("testReply")}</h3>
              <pre
                className="max-h-80 overflow-auto rounded-md bg-canvas p-2 font-mono text-xs break-all whitespace-pre-wrap"
                data-testid="test-reply"
              >
                {result.test.response
                  ? `HTTP ${result.test.response.status} (${result.test.response.latencyMs} ms)\n\n${result.test.response.body}`
                  : t("testError", { error: result.test.error ?? "" })}
              </pre>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Rotate a key: the new value once, with copy; the old one's end of grace. */
export function RotateKey({
  which,
  previousUntil,
}: {
  which: "secretKey" | "clientSecret";
  /** The end of the previous value's grace period, when one is still in it (from the account). */
  previousUntil: string | null;
}) {
  const t = useTranslations("ConsoleDevelopers");
  const format = useFormatter();
  const rotateKeyAction = useConsoleAction("rotateKey");
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<{
    value: string;
    until: string;
  }> | null>(null);
  return (
    <div className={`${cardClass} mb-4`}>
      <button
        type="button"
        className={buttonClass({ variant: "secondary" })}
        disabled={pending}
        onClick={() => start(async () => setResult(await rotateKeyAction(which)))}
      >
        {which === "secretKey" ? t("rotateSecretKey") : t("rotateClientSecret")}
      </button>
      {/* After a rotation whose answer was lost, this is how the merchant can tell it was made. */}
      {previousUntil && !result?.ok ? (
        <p className="text-sm" data-testid={`previous-${which}`}>
          {t("previousUntil", {
            at: format.dateTime(new Date(previousUntil), { dateStyle: "medium", timeStyle: "short" }),
          })}
        </p>
      ) : null}
      <div role="status">
        {result && !result.ok && <p className="m-0 text-sm text-bad">{result.error}</p>}
        {result?.ok && (
          <>
            <p>
              <strong>{which === "secretKey" ? t("newSecretKey") : t("newClientSecret")}</strong> — {t("showOnce")}
            </p>
            <p className="font-mono break-all" data-testid={`new-${which}`}>
              {result.value}
            </p>
            <CopyButton
              value={result.value}
              text={t("copy")}
              label={t("copy")}
              copied={t("copied")}
              failed={t("copyFailed")}
            />
            <p className="text-sm">
              {t("oldUntil", {
                at: format.dateTime(new Date(result.until), { dateStyle: "medium", timeStyle: "short" }),
              })}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
