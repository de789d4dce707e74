/**
 * A console session token as the gateway issues it (lib/gateway/merchants/console-users.ts): `cs_` and 32
 * random bytes in base64url, 43 characters. The gateway and the console's cookie check refuse
 * any other shape unread; the logger redacts it wherever it is echoed.
 */
const TOKEN = "cs_[A-Za-z0-9_-]{43}";
const WHOLE = new RegExp(`^${TOKEN}$`);

export const isConsoleToken = (value: string): boolean => WHOLE.test(value);

/** Each token inside a text (global: for `String.replace`). */
export const CONSOLE_TOKENS_IN_TEXT = new RegExp(`\\b${TOKEN}(?![A-Za-z0-9_-])`, "g");
