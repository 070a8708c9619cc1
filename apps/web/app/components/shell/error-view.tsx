import { useEffect } from "react";
import { type ErrorResponse, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { pageTitle } from "../../lib/page-title.ts";
import { Button } from "../ui/button.tsx";
import { ArrowLeft, SearchX, TriangleAlert } from "../ui/icons.tsx";
import { AppLink } from "./app-link.tsx";

export interface ErrorDescription {
  status: number;
  message: string;
}

/** What people read for answers the router makes itself, whose own text is meant for developers. */
const ROUTER_MESSAGES: Record<number, string> = {
  400: "The request could not be understood. Check the address and try again.",
  405: "This address is a page to read; it does not accept submitted data. Open it as a link instead.",
};

/** An answer React Router made itself (a 405 for a page that takes no submissions, say). */
export function isRouterOwnError(error: unknown): error is ErrorResponse & { internal: true } {
  return isRouteErrorResponse(error) && (error as { internal?: boolean }).internal === true;
}

export function routerErrorMessage(status: number): string {
  return ROUTER_MESSAGES[status] ?? "Something went wrong. Please try again.";
}

/** Status and message of whatever a route threw; unknown errors are a 500. */
export function describeError(error: unknown): ErrorDescription {
  if (isRouterOwnError(error)) return { status: error.status, message: routerErrorMessage(error.status) };
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === "string" && data !== ""
        ? data
        : typeof data === "object" &&
            data !== null &&
            typeof (data as { detail?: unknown }).detail === "string"
          ? (data as { detail: string }).detail
          : error.statusText || "Something went wrong.";
    return { status: error.status, message };
  }
  if (error instanceof Error) return { status: 500, message: error.message || "Something went wrong." };
  return { status: 500, message: "Something went wrong." };
}

/**
 * docs/web-app.md#routes-and-layouts: a 404 says "Page Not Found: {path}"; anything else "Internal Server Error"
 * with its status code and message. Both offer a way home.
 */
export function ErrorView() {
  const error = useRouteError();
  const { status, message } = describeError(error);

  useEffect(() => {
    if (status !== 404) console.error(error);
  }, [error, status]);

  return <ErrorPanel status={status} message={message} />;
}

/** The error page's content for a known status and message (the database out of reach, say). */
export function ErrorPanel({ status, message }: ErrorDescription) {
  const { pathname } = useLocation();
  const notFound = status === 404;

  const Icon = notFound ? SearchX : TriangleAlert;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(notFound ? "Page Not Found" : "Internal Server Error")}</title>
      <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <p className="font-mono text-muted-foreground text-sm" data-testid="error-status">
        {status}
      </p>
      {notFound ? (
        <>
          <h1
            className="mt-2 text-balance break-all font-semibold text-2xl tracking-tight"
            data-testid="error-title"
          >
            {`Page Not Found: ${pathname}`}
          </h1>
          <p className="mt-3 max-w-md text-pretty text-muted-foreground">
            There is no page at this address. It may have moved, or the link may have a typo.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-2 font-semibold text-2xl tracking-tight" data-testid="error-title">
            Internal Server Error
          </h1>
          <p className="mt-3 max-w-md text-pretty text-muted-foreground" data-testid="error-message">
            {message}
          </p>
        </>
      )}
      <Button asChild className="mt-8">
        <AppLink to="/" data-testid="error-home">
          <ArrowLeft aria-hidden="true" />
          Back to the home page
        </AppLink>
      </Button>
    </div>
  );
}
