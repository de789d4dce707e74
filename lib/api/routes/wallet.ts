import { type z } from "zod";
import { SnapError } from "@/lib/snap/codes";
import {
  DebitStatusRequest,
  DebitStatusResponse,
  WalletNotification,
  WalletNotifyResponse,
} from "@/lib/contract/wallet";
import { applyWalletNotification } from "@/lib/gateway/settlement/wallet-settlement";
import { walletStatus } from "@/lib/gateway/wallets/status";
import { cardDebitStatus } from "@/lib/gateway/cards/card-status";
import { defineSnapRoute } from "@/lib/api/snap-route";

const tag = "Direct Debit (e-wallet)";
const strip = <T extends z.ZodObject>(s: T) => s.omit({ responseCode: true, responseMessage: true });

/**
 * The wallet provider's notification (docs/contract.md §8). The provider is an acquirer partner:
 * its own token and signature; a merchant's answers 403 Feature Not Allowed, as on the VA and QR
 * notifications.
 */
const walletNotifyRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/debit/notify",
  service: "56",
  summary: "Wallet payment notification (from the wallet provider)",
  tag,
  partners: ["acquirer"],
  body: WalletNotification,
  response: strip(WalletNotifyResponse),
  handler: ({ gw, tx, partner, body }) => applyWalletNotification(gw, tx, partner, body),
  afterCommit: (gw) => gw.kickOutbox?.(),
});

/** Direct debit status: a wallet attempt, else a Card Pay, of the caller's own (docs/contract.md §8). */
const debitStatusRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/debit/status",
  service: "55",
  summary: "Direct debit status (wallet and card references)",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: DebitStatusRequest,
  response: strip(DebitStatusResponse),
  readOnly: true,
  async handler({ gw, tx, partner, body }) {
    if (!body.originalReferenceNo && !body.originalPartnerReferenceNo)
      throw new SnapError("invalidMandatoryField", "originalReferenceNo");
    const found = (await walletStatus(tx, partner, body, gw.now())) ?? (await cardDebitStatus(tx, partner, body));
    if (!found) throw new SnapError("transactionNotFound");
    return found;
  },
});

export const walletRoutes = [walletNotifyRoute, debitStatusRoute];
