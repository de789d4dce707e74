/** The order `Allow` lists methods in. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The methods the app answers on a path, from its own routes (middleware, mounted for every
 * method, does not count). A GET route answers HEAD too (Hono runs it without the body). Empty:
 * no route has the path, a 404; otherwise a request with another method is a 405 with these
 * in `Allow` (RFC 9110 §15.5.6). Built once, on the first unmatched request, when every route
 * is mounted.
 */
export function allowedMethodsOf(app: { routes: readonly { method: string; path: string }[] }) {
  let table: { pattern: RegExp; method: string }[] | null = null;
  return (path: string): string[] => {
    table ??= app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({ pattern: patternOf(r.path), method: r.method }));
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return ORDER.filter((m) => methods.has(m));
  };
}

/** A Hono route path as a regular expression: `:name` (with or without its own `{pattern}`) is one segment. */
function patternOf(routePath: string): RegExp {
  const source = routePath
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}$`);
}
