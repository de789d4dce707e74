import { parseIsoWithOffset } from "@/lib/contract/time";
import { getTransaction, listTransactions } from "@/lib/gateway/console/transactions";
import {
  Transaction,
  TransactionDetailRequest,
  TransactionListQuery,
  TransactionListResponse,
} from "@/lib/contract/account";
import { defineSnapRoute } from "@/lib/api/snap-route";

const tag = "Account";

export const transactionListRoute = defineSnapRoute({
  method: "get",
  path: "/v1.0/transaction-history-list",
  service: "12",
  summary: "Get Transaction List",
  tag,
  partners: ["merchant"],
  query: TransactionListQuery,
  response: TransactionListResponse.omit({ responseCode: true, responseMessage: true }),
  readOnly: true,
  async handler({ gw, tx, partner, query }) {
    return listTransactions(
      tx,
      partner,
      {
        from: query.fromDateTime ? parseIsoWithOffset(query.fromDateTime)! : undefined,
        to: query.toDateTime ? parseIsoWithOffset(query.toDateTime)! : undefined,
        status: query.status,
        method: query.method,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      },
      gw.now(),
    );
  },
});

export const transactionDetailRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/transaction-history-detail",
  service: "13",
  summary: "Get Transaction By Id",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: TransactionDetailRequest,
  response: Transaction,
  readOnly: true,
  async handler({ gw, tx, partner, body }) {
    return getTransaction(tx, partner, body, gw.now());
  },
});

export const accountRoutes = [transactionListRoute, transactionDetailRoute];
