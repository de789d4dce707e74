"use client";

import { buttonClass, inputClass } from "@/lib/ui/recipes";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import type { CallbackCheckResult } from "@/lib/console/action-results";
import type { CallbackCheckCase, CallbackCheckExchange } from "@/lib/contract/callback-check";
import { Badge } from "@/components/ui/badge";
import { useConsoleAction } from "./actions-context";

const preClass = "max-h-64 overflow-auto rounded-md bg-canvas p-2 font-mono text-xs break-all whitespace-pre-wrap";

/**
 * The callback check (docs/callback-check.md): runs it on the account's notify path or a given
 * endpoint, and shows each case's verdict with the requests sent and the replies got.
 */
export function CallbackCheckPanel({ defaultUrl }: { defaultUrl: string | null }) {
  const t = useTranslations("ConsoleDevelopers");
  const checkCallbacks = useConsoleAction("checkCallbacks");
  const [url, setUrl] = useState("");
  const [pending, start] = useTransition();
  const [result, setResult] = useState<CallbackCheckResult | null>(null);
  const failed = result?.ok ? result.check.cases.filter((c) => !c.pass).length : 0;
  return (
    <div>
      <p>{t("checkLead")}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start(async () => setResult(await checkCallbacks(url)));
        }}
      >
        <div className="mb-3 flex min-w-0 flex-col gap-1">
          <label htmlFor="check-url">{t("checkUrl")}</label>
          <input
            className={inputClass}
            id="check-url"
            name="url"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={defaultUrl ?? "https://shop.example/v1.0/payment-link/notify"}
            aria-describedby="check-url-hint"
          />
          <p className="m-0 text-xs text-muted" id="check-url-hint">
            {defaultUrl ? t("checkUrlHint", { url: defaultUrl }) : t("checkUrlHintNone")}
          </p>
        </div>
        <button type="submit" className={buttonClass()} disabled={pending}>
          {pending ? t("checkRunning") : t("checkRun")}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {result && !result.ok && <p className="m-0 mt-2 text-sm text-bad">{result.error}</p>}
        {result?.ok && (
          <section aria-labelledby="check-report" data-testid="check-report" data-passed={result.check.passed}>
            <h3 id="check-report">
              {result.check.passed ? t("checkPassed") : t("checkFailed", { failed, total: result.check.cases.length })}
            </h3>
            <p className="font-mono text-sm break-all">{result.check.url}</p>
            <ul className="m-0 list-none p-0">
              {result.check.cases.map((c) => (
                <CaseRow key={c.name} c={c} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

function CaseRow({ c }: { c: CallbackCheckCase }) {
  const t = useTranslations("ConsoleDevelopers");
  return (
    <li className="border-t border-line py-3" data-testid={`check-case-${c.name}`} data-pass={c.pass}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={c.pass ? "ok" : "bad"}>{c.pass ? t("checkPass") : t("checkFail")}</Badge>
        <strong>{t(`checkCase.${c.name}`)}</strong>
        <span className="font-mono text-xs text-muted">{c.name}</span>
      </div>
      <p className="my-1 text-sm">
        {t("checkExpected", { expected: c.expected === "2xx" ? t("check2xx") : t("checkNot2xx") })} ·{" "}
        {c.status === null ? t("checkNoAnswer") : t("checkGot", { status: c.status })}
      </p>
      <p className="my-1 text-sm">{t(c.pass ? `checkWhyPass.${c.name}` : `checkWhyFail.${c.name}`)}</p>
      <details>
        <summary>{t("checkExchanges", { count: c.exchanges.length })}</summary>
        <p className="text-xs">{c.detail}</p>
        {c.exchanges.map((x, i) => (
          <Exchange key={i} x={x} />
        ))}
      </details>
    </li>
  );
}

function Exchange({ x }: { x: CallbackCheckExchange }) {
  const t = useTranslations("ConsoleDevelopers");
  return (
    <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
      <div>
        <h4 className="my-1 text-sm">{t("testRequest")}</h4>
        {/* Scrollable: reachable by keyboard. */}
        <pre className={preClass} tabIndex={0}>
          {`POST ${x.request.url}\n${Object.entries(x.request.headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join("\n")}\n\n${x.request.body}`}
        </pre>
      </div>
      <div>
        <h4 className="my-1 text-sm">{t("testReply")}</h4>
        {/* Scrollable: reachable by keyboard. */}
        <pre className={preClass} tabIndex={0}>
          {x.reply ? `HTTP ${x.reply.status}\n\n${x.reply.body}` : t("testError", { error: x.error ?? "" })}
        </pre>
      </div>
    </div>
  );
}
