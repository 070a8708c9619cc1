import { useCallback } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { api } from "./api.ts";
import { authDialogs } from "./auth-dialog-store.ts";
import { notify } from "./toast.ts";

/**
 * Sign-out (docs/web-app.md#session): the server revokes the session and clears the cookie; then the visitor
 * goes home and every loader runs again, so nothing of the account stays on screen.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(async () => {
    try {
      await api.post("/logout", undefined);
    } catch {
      notify.error("Could not sign out. Try again.");
      return;
    }
    authDialogs.close();
    await navigate("/");
    await revalidate();
  }, [navigate, revalidate]);
}
