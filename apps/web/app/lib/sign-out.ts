import { api } from "./api.ts";
import { notify } from "./toast.ts";

/** Ends the session on the server (which clears the cookie), then starts afresh at home. */
export async function signOut(): Promise<void> {
  try {
    await api.post("/logout");
  } catch {
    notify.error("Could not sign out. Try again.");
    return;
  }
  window.location.assign("/");
}
