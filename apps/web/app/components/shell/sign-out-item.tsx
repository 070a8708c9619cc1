import { useSignOut } from "../../lib/use-sign-out.ts";
import { DropdownMenuItem } from "../ui/dropdown-menu.tsx";
import { SIGN_OUT } from "./menu-content.tsx";

/** The `sign-out` entry of a dropdown menu (the main menu and the avatar's). */
export function SignOutItem() {
  const signOut = useSignOut();
  return (
    <DropdownMenuItem
      id={SIGN_OUT.id}
      data-testid={SIGN_OUT.id}
      variant="destructive"
      onSelect={() => void signOut()}
    >
      <SIGN_OUT.icon aria-hidden="true" />
      {SIGN_OUT.label}
    </DropdownMenuItem>
  );
}
