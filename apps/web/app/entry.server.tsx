import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { isRouterOwnError, routerErrorMessage } from "./components/shell/error-view.tsx";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.server.ts";

export const streamTimeout = 5_000;

/**
 * Called before the router serialises an error for the page and for the browser's data. Its own
 * errors carry developer text ("You made a POST request to … but did not provide an `action`")
 * and are the client's mistake, not ours: they are worded for people and not logged. Everything
 * else is logged as React Router does by default.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isRouterOwnError(error)) {
    (error as { data: unknown }).data = routerErrorMessage(error.status);
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

/** React Router's streaming render, with the server's CSP nonce on every inline script and low-priority module preloads. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render still streaming after this long is given up. The timer must go once the render is
    // over: its closure holds the whole render (tree, loader data, HTML) until it fires.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA mode wait for everything so they see the whole page.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // What is rendered is sent where it stands, however large: React would otherwise move a
        // big finished Suspense boundary (the front page with its cards) after the shell, shown
        // only once a script reveals it (up to 300 ms late, and never without JavaScript).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = scriptsAfterPaint(() => clearTimeout(timer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
