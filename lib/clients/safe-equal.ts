/**
 * The pages compare secrets (checkout cookies, link secrets) with the gateway's own
 * constant-time equality: one rule, reachable from the page side without lib/snap.
 */
export { safeEqual } from "@/lib/snap/signing";
