import type { Instrumentation } from "next";

/**
 * Errors already logged. One failed gateway call can reach Next more than once in a render (a
 * request's Inquiry is shared: the page's metadata and its body both await it), and Next reports
 * each; it is one failure, so one line. Weak: the set holds nothing once the request is gone.
 */
const logged = new WeakSet<object>();

/**
 * A page or server action that failed to render is logged once through the process's logger,
 * with the request id and Next's digest, which its error page shows as the error code
 * (components/ui/page-error.tsx). The path is logged without its query. Next also prints the
 * error itself.
 */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const error = err && typeof err === "object" ? err : null;
  if (error) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  const { pageLog } = await import("@/lib/connector/failures");
  const digest = error && "digest" in error ? String(error.digest) : undefined;
  pageLog().error(
    { err, digest, path: request.path.split("?")[0], route: context.routePath, kind: context.routeType },
    "page failed",
  );
};
