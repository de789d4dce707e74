/**
 * `additionalInfo.itemDetails[0].price` — the field name as a SNAP client reads it. Its own
 * file: the body reader names fields with it and the error mappers read the body's errors.
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}
