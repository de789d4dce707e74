import { notificationStringToSign, rsaSign } from "@/lib/snap/signing";
import { formatJakartaMillis } from "@/lib/contract/time";

/**
 * Headers of an outbound callback: SHA256withRSA with the gateway's private key over
 * `POST:PATH:BODYHASH:X-TIMESTAMP`, PATH being the target URL's path and query as sent.
 * Merchants verify with gatewayPublicKeyPem from the credentials file. X-TIMESTAMP has
 * milliseconds, as on every /v1.0 answer; it is signed exactly as sent.
 */
export function callbackHeaders(args: {
  privateKeyPem: string;
  url: string;
  body: string;
  deliveryId: string;
  partnerId: string;
  channelId: string;
  now: Date;
}): Record<string, string> {
  const timestamp = formatJakartaMillis(args.now);
  const u = new URL(args.url);
  const signature = rsaSign(
    args.privateKeyPem,
    notificationStringToSign({ path: u.pathname + u.search, body: args.body, timestamp }),
  );
  return {
    "Content-Type": "application/json",
    "X-TIMESTAMP": timestamp,
    "X-PARTNER-ID": args.partnerId,
    "X-EXTERNAL-ID": args.deliveryId,
    "CHANNEL-ID": args.channelId,
    "X-SIGNATURE": signature,
  };
}
