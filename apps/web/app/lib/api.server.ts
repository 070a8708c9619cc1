import type { AppLoadContext } from "react-router";
import { type ApiClient, createApiClient } from "./api.ts";

/**
 * The API client of a server render: the same client as the browser's, sent in-process through
 * `context.api` with the visitor's cookie. Loaders only ever send JSON text.
 */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient({
    transport: (url, init) =>
      context.api(url, {
        method: init.method,
        headers: init.headers,
        ...(typeof init.body === "string" ? { body: init.body } : {}),
      }),
  });
}
