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
export type TokenService = ReturnType<typeof createTokenService>;
