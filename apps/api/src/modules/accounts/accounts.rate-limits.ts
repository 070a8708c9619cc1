import type { Config } from "../../config.ts";
import type { Rule } from "../../lib/rate-limit.ts";

/** The windows are fixed; the numbers come from configuration (docs/rate-limits.md). */
export const LOGIN_WINDOW_SEC = 15 * 60;
export const HOUR_SEC = 60 * 60;

export interface AccountLimits {
  loginPerIp: Rule;
  loginPerAccount: Rule;
  registerPerIp: Rule;
  resetPerIp: Rule;
  resetPerAccount: Rule;
  resendPerAccount: Rule;
  /** Password checks of a signed-in user (change password, delete account). */
  passwordCheckPerAccount: Rule;
}

export function accountLimits(config: Config): AccountLimits {
  return {
    loginPerIp: { points: config.RATE_LIMIT_LOGIN_PER_IP, durationSec: LOGIN_WINDOW_SEC },
    loginPerAccount: { points: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, durationSec: LOGIN_WINDOW_SEC },
    registerPerIp: { points: config.RATE_LIMIT_REGISTER_PER_IP, durationSec: HOUR_SEC },
    resetPerIp: { points: config.RATE_LIMIT_RESET_PER_IP, durationSec: HOUR_SEC },
    resetPerAccount: { points: config.RATE_LIMIT_RESET_PER_ACCOUNT, durationSec: HOUR_SEC },
    resendPerAccount: { points: config.RATE_LIMIT_RESEND_PER_ACCOUNT, durationSec: HOUR_SEC },
    passwordCheckPerAccount: { points: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, durationSec: LOGIN_WINDOW_SEC },
  };
}
