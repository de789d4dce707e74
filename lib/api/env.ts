import type { Executor, GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import type { ServiceCode } from "@/lib/snap/codes";
import type { SnapHeaders } from "@/lib/snap/headers";

/** Hono context variables set by the SNAP wrapper for handlers. */
export interface ApiEnv {
  Variables: {
    gw: GatewayContext;
    service: ServiceCode;
    successMessage: string;
    partner: Partner;
    snapHeaders: SnapHeaders;
    tx: Executor;
    requestId: string;
  };
}
