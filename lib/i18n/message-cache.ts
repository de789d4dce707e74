import { _createCache } from "use-intl/core";

/**
 * One cache of compiled ICU messages for the whole process, handed to next-intl through the
 * request config (`i18n/request.ts`).
 *
 * Without it, next-intl gives every request, and within it every `getTranslations(namespace)`,
 * a fresh cache. Every message with arguments was then parsed and wrapped in a new
 * `IntlMessageFormat` (which resolves its locale again) on each page view: about a tenth of a
 * checkout render's CPU (docs/benchmarks.md). A compiled message holds the message, its locale
 * and the formats (with the time zone), never the values of a call, so one compiled message
 * serves every request. The entries are bounded by the catalogue: messages × locales × time
 * zones (one: the request config fixes Asia/Jakarta).
 *
 * `_cache` is use-intl's own option (`createTranslator`, `createFormatter`); next-intl passes
 * the request config through to both.
 */
export const processMessageCache = _createCache();

/** A request config that compiles its messages into the process-wide cache. */
export function withMessageCache<C extends object>(config: C): C & { _cache: typeof processMessageCache } {
  return { ...config, _cache: processMessageCache };
}
