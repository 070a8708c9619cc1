export {
  adHoldAccount,
  findByReference,
  findWallet,
  type LedgerAccount,
  type Posting,
  platformAccount,
  postTransaction,
  type WalletOwnerRef,
  walletAccount,
  walletOwnerKey,
} from "./ledger.ts";
export { checkLedger, rebuildBalances, trialBalance } from "./ledger-checks.ts";
