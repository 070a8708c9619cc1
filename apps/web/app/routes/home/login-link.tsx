import { data } from "react-router";
import { ProviderLinkMailed, ProviderLinkProof } from "../../features/accounts/provider-link-proof.tsx";
import { createSignInProvidersClient } from "../../features/accounts/sign-in-providers-api.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/login-link";

/** docs/sign-in-providers.md#the-flow: ?token= from the provider's callback, ?key= from the proof mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const key = query.get("key");
  if (key) return { key, token: null, pending: null };
  const token = query.get("token") ?? "";
  try {
    return {
      key: null,
      token,
      pending: await createSignInProvidersClient(serverApi(context)).pending(token),
    };
  } catch (error) {
    if (isApiError(error) && [400, 404].includes(error.status))
      return data({ key: null, token, pending: null });
    throw error;
  }
}

export function meta() {
  // The token and key are secrets: not for search engines or the next site's Referer.
  return [
    ...titleMeta("Link your account"),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-md py-6">
      {loaderData.key ? (
        <ProviderLinkMailed mailKey={loaderData.key} />
      ) : (
        <ProviderLinkProof token={loaderData.token ?? ""} pending={loaderData.pending} />
      )}
    </div>
  );
}
