/** Money (docs/money.md): kinds and texts shared by the API and the web, without zod. */

/** Whose money an account holds, or which side of the platform's books it is. */
export const LEDGER_ACCOUNT_KINDS = [
  "WALLET",
  "REVENUE",
  "PROVIDER_CLEARING",
  "TAXES_PAYABLE",
  "REFUNDS",
  "OPERATOR_CREDITS",
  /** A running ad campaign's reserve (ADS.md §3.10), one per campaign. */
  "AD_HOLD",
  "AD_REVENUE",
  /** What Flipside gives advertisers (ads admin's credits, ADS.md §3.10 `platform:ad_credits`). */
  "AD_CREDITS",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What a ledger transaction was; each wallet line is explained by its kind. */
export const LEDGER_TRANSACTION_KINDS = [
  "TOP_UP",
  "TRANSFER",
  "OPERATOR_CREDIT",
  "PLAN_PAYMENT",
  "PLAN_RENEWAL",
  "REFUND",
  "REVERSAL",
  "AD_SPEND",
  "AD_HOLD",
  "AD_RELEASE",
  "AD_CREDIT",
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** A top-up is OPEN until the provider confirms the payment (PAID) or the checkout lapses (EXPIRED). */
export const TOP_UP_STATUSES = ["OPEN", "PAID", "EXPIRED"] as const;

export const WALLET_OWNER_KINDS = ["USER", "ORGANIZATION"] as const;
export type WalletOwnerKind = (typeof WALLET_OWNER_KINDS)[number];

/** How each kind of line reads in a wallet's history and its CSV. */
export const TRANSACTION_KIND_LABELS: Record<LedgerTransactionKind, string> = {
  TOP_UP: "Top-up",
  TRANSFER: "Transfer",
  OPERATOR_CREDIT: "Credit from Flipside",
  PLAN_PAYMENT: "Plan payment",
  PLAN_RENEWAL: "Plan renewal",
  REFUND: "Refund",
  REVERSAL: "Correction",
  AD_SPEND: "Ad spend",
  AD_HOLD: "Reserved for ads",
  AD_RELEASE: "Released from ads",
  AD_CREDIT: "Ad credit from Flipside",
};

/** The header that makes a money-moving call safe to retry. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 255;

/** Longest operator reason for a credit. */
export const CREDIT_REASON_MAX = 500;

export const MONEY_MESSAGES = {
  insufficientFunds: "The wallet does not hold enough for this.",
  keyRequired: `This call moves money: send an ${IDEMPOTENCY_HEADER} header (any unique text up to ${IDEMPOTENCY_KEY_MAX} characters) so that a retry cannot pay twice.`,
  keyReused: `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new request.`,
  keyInFlight: `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Try again in a moment.`,
  keyCutOff: `The first request with this ${IDEMPOTENCY_HEADER} was cut off before it answered, so whether it took effect is not known. Reload to check before you try again.`,
  paymentsNotConfigured:
    "Payments are not configured on this server, so wallets cannot be topped up here. An administrator can credit a wallet from the admin area.",
  amountBelowMinimum: "The amount is below the minimum.",
  amountAboveMaximum: "The amount is above the maximum.",
  sameWallet: "Choose two different wallets.",
  providerUnavailable:
    "The payment provider could not be reached. Nothing was charged; try again in a minute.",
  webhookSignature: "The webhook's signature is missing or not valid.",
  topUpNotFound: "There is no such top-up.",
  walletNotFound: "This wallet does not exist.",
  creditReasonRequired: "Say why the wallet is credited: it is recorded in the ledger and the audit log.",
} as const;

/** The number of digits after the decimal point for a currency (2 for EUR, 0 for JPY). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Minor units as a person reads them, e.g. 123456 EUR → "€1,234.56". */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const digits = minorDigits(currency);
  // Integer arithmetic to the last step: the division is exact for the digits a currency has.
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** Minor units as a plain decimal, e.g. -1234 → "-12.34" (for CSV files and form fields). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, "0")}`;
}

/**
 * A typed decimal ("12", "12.5", "12,50") as minor units, or null when it is not an amount with
 * at most the currency's digits. Parsed as text: "0.1 + 0.2" never meets a float.
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^\s*(\d{1,12})(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}
