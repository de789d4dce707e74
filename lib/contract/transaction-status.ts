/**
 * SNAP's `latestTransactionStatus` codes and the `transactionStatusDesc` written beside each, for
 * every status answer (QR query and notify, direct debit status of wallets and cards).
 */
export const TRANSACTION_STATUS_DESC: Readonly<Record<string, string>> = {
  "00": "Success",
  "01": "Initiated",
  "02": "Paying",
  "03": "Pending",
  "04": "Refunded",
  "05": "Canceled",
  "06": "Failed",
  "07": "Not found",
};
