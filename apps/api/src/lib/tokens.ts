import { createHmac, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const TOKEN_AUDIENCE = "flipside";
const ALG = "HS256";

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export function createTokenService(secret: Uint8Array, issuer: string) {
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALG, typ: "JWT" })
        .setSubject(claims.userId)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
    },
    /** The claims of a valid token, or null for anything else (expired, tampered, alg none…). */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALG],
          audience: TOKEN_AUDIENCE,
          issuer,
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
/**
 * Tags a text with the app's secret (128 bits of HMAC-SHA256, base64url), for links that carry
 * what they are about and must not be forged: a mail's one-click unsubscribe.
 */
export function createTagger(secret: Uint8Array, purpose: string) {
  const tag = (text: string) =>
    createHmac("sha256", secret).update(`${purpose}\n${text}`).digest().subarray(0, 16).toString("base64url");
  return {
    tag,
    check(text: string, candidate: string): boolean {
      const expected = Buffer.from(tag(text));
      const given = Buffer.from(candidate);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
