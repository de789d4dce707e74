import { z } from "zod";
import { parseMoney } from "@/lib/contract/money";
import { parseIsoWithOffset } from "@/lib/contract/time";
import { settleVaPayment, rememberVaRefusal } from "@/lib/gateway/settlement/settlement";
import {
  createVa,
  deleteVa,
  findVa,
  updateVa,
  vaData,
  vaStatus,
  type VaInput,
} from "@/lib/gateway/va/virtual-accounts";
import type { GatewayContext } from "@/lib/gateway/context";
import {
  CreateVaRequest,
  VaKey,
  VaPaymentNotification,
  VaPaymentResponse,
  VaStatusResponse,
  VirtualAccountData,
} from "@/lib/contract/va";
import { defineSnapRoute } from "@/lib/api/snap-route";

const tag = "Virtual Account";
const DataOut = z.object({ virtualAccountData: VirtualAccountData });

function toInput(gw: GatewayContext, body: z.output<typeof CreateVaRequest>): VaInput {
  return {
    partnerServiceId: body.partnerServiceId,
    customerNo: body.customerNo,
    virtualAccountNo: body.virtualAccountNo,
    virtualAccountName: body.virtualAccountName,
    virtualAccountEmail: body.virtualAccountEmail,
    virtualAccountPhone: body.virtualAccountPhone,
    trxId: body.trxId,
    amountMinor: body.totalAmount ? parseMoney(body.totalAmount.value) : null,
    trxType: body.virtualAccountTrxType,
    expiresAt: body.expiredDate ? parseIsoWithOffset(body.expiredDate)! : new Date(gw.now().getTime() + 24 * 3600_000),
    additionalInfo: body.additionalInfo,
  };
}

export const createVaRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/transfer-va/create-va",
  service: "27",
  summary: "Create VA",
  tag,
  partners: ["merchant"],
  body: CreateVaRequest,
  response: DataOut,
  async handler({ gw, tx, partner, body }) {
    return { virtualAccountData: vaData(await createVa(gw, tx, partner, toInput(gw, body))) };
  },
});

export const updateVaRoute = defineSnapRoute({
  method: "put",
  path: "/v1.0/transfer-va/update-va",
  service: "28",
  summary: "Update VA",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: CreateVaRequest,
  response: DataOut,
  async handler({ gw, tx, partner, body }) {
    return { virtualAccountData: vaData(await updateVa(gw, tx, partner, toInput(gw, body))) };
  },
});

export const inquiryVaRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/transfer-va/inquiry-va",
  service: "30",
  summary: "Inquiry VA Data",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: VaKey,
  response: DataOut,
  readOnly: true,
  async handler({ tx, partner, body }) {
    return { virtualAccountData: vaData(await findVa(tx, partner, body.virtualAccountNo)) };
  },
});

export const vaStatusRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/transfer-va/status",
  service: "26",
  summary: "Inquiry VA Status",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: VaKey,
  response: VaStatusResponse.pick({ virtualAccountData: true }),
  readOnly: true,
  async handler({ gw, tx, partner, body }) {
    const va = await findVa(tx, partner, body.virtualAccountNo);
    return { virtualAccountData: vaStatus(va, gw.now(), body) };
  },
});

export const deleteVaRoute = defineSnapRoute({
  method: "delete",
  path: "/v1.0/transfer-va/delete-va",
  service: "31",
  summary: "Delete VA",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: VaKey,
  response: DataOut,
  async handler({ gw, tx, partner, body }) {
    return { virtualAccountData: vaData(await deleteVa(gw, tx, partner, body.virtualAccountNo)) };
  },
});

export const vaPaymentRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/transfer-va/payment",
  service: "25",
  summary: "VA payment notification (from the acquirer)",
  tag,
  partners: ["acquirer"],
  body: VaPaymentNotification,
  response: VaPaymentResponse.pick({ virtualAccountData: true }),
  handler: ({ gw, tx, partner, body }) => settleVaPayment(gw, tx, partner, body),
  afterCommit: (gw) => gw.kickOutbox?.(),
  onRefusal: (gw, { partner, body }, err) => rememberVaRefusal(gw, partner, body, err),
});

export const virtualAccountRoutes = [
  createVaRoute,
  updateVaRoute,
  inquiryVaRoute,
  vaStatusRoute,
  deleteVaRoute,
  vaPaymentRoute,
];
