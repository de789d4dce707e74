"use client";

import { useEffect, useState } from "react";
import { formatDeadline } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { afterLoadIdle } from "./after-load";

/**
 * The deadline in the payer's own time zone. The server renders it in the zone it knows (the
 * `tz` cookie, else Asia/Jakarta); the browser corrects it if needed and remembers its zone
 * so the next render is right from the first byte. The check waits for the page's load and an
 * idle moment: a browser's first Intl.DateTimeFormat loads its time-zone data, about 100 ms of a
 * slow phone's main thread that landed in the hydration's long task (issue 29).
 */
export function LocalTime({
  iso,
  locale,
  serverZone,
  initialText,
}: {
  iso: string;
  locale: Locale;
  serverZone: string;
  initialText: string;
}) {
  const [text, setText] = useState(initialText);
  useEffect(
    () =>
      afterLoadIdle(() => {
        const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        if (!zone || zone === serverZone) return;
        document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
        // The browser's zone is known only after hydration; the server rendered its best guess.
        setText(formatDeadline(new Date(iso), locale, zone));
      }),
    [iso, locale, serverZone],
  );
  return <time dateTime={iso}>{text}</time>;
}
