import type { Instrumentation } from "next";

/**
 * A page or server action that failed to render is logged once through the process's logger,
 * with the request id its error page shows as the error code (components/ui/page-error.tsx) and
 * Next's digest. The path is logged without its query. Next also prints the error itself.
 */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { pageLog } = await import("@/lib/checkout/failures");
  const digest = err && typeof err === "object" && "digest" in err ? String(err.digest) : undefined;
  pageLog().error(
    { err, digest, path: request.path.split("?")[0], route: context.routePath, kind: context.routeType },
    "page failed",
  );
};
