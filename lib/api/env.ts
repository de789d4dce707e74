import type { Executor } from "../db/client";
import type { GatewayContext } from "../gateway/context";
import type { Partner } from "../gateway/partners";
import type { ServiceCode } from "../snap/codes";
import type { SnapHeaders } from "../snap/headers";

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
