import { createServer, type IncomingMessage } from "node:http";
import { text } from "node:stream/consumers";
import Provider from "oidc-provider";

/** A person the test issuer knows, by the login typed on its sign-in page (also their subject). */
export interface IssuerPerson {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestIssuer {
  /** The issuer URL, for OIDC_<NAME>_ISSUER. */
  url: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, IssuerPerson>;
  /** Registers where Flipside's callback is (known once Flipside runs); call before the first sign-in. */
  allowRedirect(uri: string): void;
  /**
   * Plays the browser for API tests: follows the authorization URL, signs in as `login` on the
   * issuer's page and answers the callback URL the issuer redirects to.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const htmlText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await text(request));
}

/**
 * A real OpenID Connect issuer (the certified `oidc-provider`) on a random local port, with one
 * confidential client and a plain sign-in page of its own: type a login, you are that person.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const people = new Map<string, IssuerPerson>();
  const redirectUris: string[] = [];
  const clientId = "flipside-test";
  const clientSecret = "flipside-test-secret-0123456789abcdef";
  let provider: Provider | undefined;

  const server = createServer((request, response) => {
    void (async () => {
      if (!provider) throw new Error("issuer not ready");
      // Browsers ask every origin for one; a 404 would read as a failure in the browser tests.
      if (request.url === "/favicon.ico") {
        response.statusCode = 204;
        response.end();
        return;
      }
      const match = /^\/interaction\/([\w-]+)$/.exec(request.url ?? "");
      if (!match) {
        provider.callback()(request, response);
        return;
      }
      const details = await provider.interactionDetails(request, response);
      if (request.method === "GET") {
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.end(
          `<!doctype html><html lang="en"><title>Test issuer</title><main><h1>Sign in to the test issuer</h1>` +
            `<form method="post" action="/interaction/${htmlText(details.uid)}"><label>Login <input name="login" autocomplete="off"></label>` +
            `<button type="submit">Continue</button></form></main></html>`,
        );
        return;
      }
      const login = (await formBody(request)).get("login") ?? "";
      if (!people.has(login)) {
        response.statusCode = 400;
        response.end("unknown login");
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      grant.addOIDCScope("openid email profile");
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: login }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the test issuer has no TCP port");
  const url = `http://127.0.0.1:${address.port}`;

  const build = () =>
    new Provider(url, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      pkce: { required: () => true },
      ttl: {
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
        Grant: 600,
        Interaction: 600,
        Session: 600,
      },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ["test-issuer-cookie-key-0123456789"] },
      findAccount: (_ctx, id) => {
        const person = people.get(id);
        if (!person) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            email: person.email,
            email_verified: person.emailVerified,
            name: person.name,
          }),
        };
      },
    });

  return {
    url,
    clientId,
    clientSecret,
    people,
    allowRedirect(uri) {
      redirectUris.push(uri);
      provider = build();
    },
    async signIn(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const remember = (response: Response) => {
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(";");
          const at = pair?.indexOf("=") ?? -1;
          if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
      };
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (!next.href.startsWith(url)) return next;
        const interaction = /^\/interaction\/[\w-]+$/.test(next.pathname);
        const response = await fetch(next, {
          method: interaction ? "POST" : "GET",
          redirect: "manual",
          headers: {
            cookie: cookie(),
            ...(interaction ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
          ...(interaction ? { body: new URLSearchParams({ login }).toString() } : {}),
        });
        remember(response);
        const location = response.headers.get("location");
        if (!location)
          throw new Error(
            `the issuer answered ${response.status} without a redirect: ${await response.text()}`,
          );
        next = new URL(location, next);
      }
      throw new Error("too many redirects at the issuer");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
