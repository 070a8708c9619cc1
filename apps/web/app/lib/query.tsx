import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/**
 * Server state in the browser lives in one TanStack Query cache (decision 009): lists, the page,
 * its summary. Loaders give the first data (server-rendered); writes change the cache, never a
 * copy of it. One client per render on the server (so visitors never share one), one per tab in
 * the browser.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data comes from loaders and from this tab's own writes; nothing is fetched again
        // behind the reader's back (a list that fails stays as it was, docs/web-app.md).
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
