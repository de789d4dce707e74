import { describe, expect, it } from "vitest";
import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import { processMessageCache, withMessageCache } from "./message-cache";

/**
 * One page view as next-intl's server runtime builds it: request-scoped formatters over a
 * request-scoped cache (next-intl's getConfig), and the request config's `_cache` handed to
 * the translator (i18n/request.ts builds it with `withMessageCache`).
 */
function pageView(locale: "en" | "id", bank: string): string {
  const config = withMessageCache({ locale, messages: locale === "en" ? en : id, timeZone: "Asia/Jakarta" });
  const t = createTranslator({ ...config, namespace: "Va", _formatters: _createIntlFormatters(_createCache()) });
  return t("title", { bank });
}

const compiled = () => Object.keys(processMessageCache.message);

describe("the process-wide cache of compiled messages", () => {
  it("compiles a message once per locale, whatever the requests and their values", () => {
    const before = compiled().length;
    expect(pageView("en", "BCA")).toBe("BCA Virtual Account");
    expect(compiled()).toHaveLength(before + 1);

    // Later page views reuse it, with their own values, not the first request's.
    expect(pageView("en", "BNI")).toBe("BNI Virtual Account");
    expect(pageView("en", "Mandiri")).toBe("Mandiri Virtual Account");
    expect(compiled()).toHaveLength(before + 1);

    // The other language is its own entry.
    expect(pageView("id", "BRI")).toBe("Virtual Account BRI");
    expect(compiled()).toHaveLength(before + 2);
  });

  it("keeps no request's values: the entries are keyed by message, locale and formats", () => {
    pageView("en", "Bank Rahasia 4417");
    expect(compiled().some((key) => key.includes("Rahasia 4417"))).toBe(false);
  });
});
