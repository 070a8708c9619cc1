import * as oidc from "openid-client";
import { z } from "zod";
import type { SignInProviderConfig } from "../../config.ts";

/** SPEC.md §9: Facebook's Graph API version. */
export const FACEBOOK_GRAPH_VERSION = "v18.0";
const FACEBOOK_METADATA: oidc.ServerMetadata = {
  issuer: "https://www.facebook.com",
  authorization_endpoint: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
  token_endpoint: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
};
const FACEBOOK_ME = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/me?fields=id,name,email`;
const FacebookMe = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** What a provider says about the person, once the code is exchanged and every check passed. */
export interface ProviderPerson {
  subject: string;
  /** Only an address the provider vouches for; null otherwise. */
  verifiedEmail: string | null;
  /** The address as given, verified or not (shown on /profile/socials). */
  email: string | null;
  name: string | null;
}

/** The secrets a sign-in keeps between leaving for the provider and coming back. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderClient {
  readonly provider: SignInProviderConfig;
  authorizationUrl(redirectUri: string, checks: FlowChecks): Promise<URL>;
  /** Exchanges the code of `callbackUrl`; throws on any failed check (state, PKCE, nonce, signature…). */
  person(callbackUrl: URL, checks: FlowChecks): Promise<ProviderPerson>;
}

const stringClaim = (value: unknown) => (typeof value === "string" && value ? value : null);

/**
 * One client per configured provider, by openid-client (certified, PKCE + state + nonce). OIDC
 * issuers are discovered on first use and the result kept; a failed discovery is retried next time.
 * Issuer addresses come from the operator's configuration, not from users, so they are fetched
 * directly rather than through the SSRF-safe fetcher.
 */
export function providerClient(provider: SignInProviderConfig): ProviderClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const insecure = new URL(provider.issuer).protocol === "http:";
  const configure = () => {
    configuration ??= (async () => {
      const auth = oidc.ClientSecretPost(provider.clientSecret);
      if (provider.protocol === "facebook") {
        return new oidc.Configuration(FACEBOOK_METADATA, provider.clientId, undefined, auth);
      }
      return oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    })().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    provider,
    async authorizationUrl(redirectUri, checks) {
      const config = await configure();
      const scope = provider.protocol === "facebook" ? "email public_profile" : "openid email profile";
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      });
    },
    async person(callbackUrl, checks) {
      const config = await configure();
      if (provider.protocol === "facebook") {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          pkceCodeVerifier: checks.codeVerifier,
        });
        const response = await oidc.fetchProtectedResource(
          config,
          tokens.access_token,
          new URL(FACEBOOK_ME),
          "GET",
        );
        if (!response.ok) throw new Error(`Facebook answered ${response.status} for /me`);
        const me = FacebookMe.parse(await response.json());
        // Facebook only gives an address its owner has confirmed.
        const email = stringClaim(me.email);
        return { subject: me.id, email, verifiedEmail: email, name: stringClaim(me.name) };
      }
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("no ID token");
      let email = stringClaim(claims.email);
      let verified = claims.email_verified === true;
      let name = stringClaim(claims.name);
      // Some issuers keep the address out of the ID token and give it at the userinfo endpoint.
      if (!email && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = stringClaim(info.email);
        verified = info.email_verified === true;
        name ??= stringClaim(info.name);
      }
      return { subject: claims.sub, email, verifiedEmail: verified ? email : null, name };
    },
  };
}
