"use client";

import { useEffect, useState } from "react";
import { formatDeadline } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";

/**
 * The deadline in the payer's own time zone. The server renders it in the zone it knows (the
 * `tz` cookie, else Asia/Jakarta); the browser corrects it if needed and remembers its zone
 * so the next render is right from the first byte.
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
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === serverZone) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    // The browser's zone is known only after hydration; the server rendered its best guess.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText(formatDeadline(new Date(iso), locale, zone));
  }, [iso, locale, serverZone]);
  return <time dateTime={iso}>{text}</time>;
}
