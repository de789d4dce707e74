/** The ids the gateway issues (payment links, intents) are UUIDs, any version, any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything else cannot name a record, and some text (U+0000) PostgreSQL cannot even compare. */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}
