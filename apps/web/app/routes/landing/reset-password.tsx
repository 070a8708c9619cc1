import { Card, CardContent } from "../../components/ui/card.tsx";
import { ResetPasswordForm } from "../../features/accounts/reset-password-form.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => titleMeta("Reset password");

export function loader({ request }: Route.LoaderArgs) {
  return { resetKey: new URL(request.url).searchParams.get("key") };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <Card>
      <CardContent className="sm:px-7 sm:py-2">
        <ResetPasswordForm key={loaderData.resetKey ?? ""} resetKey={loaderData.resetKey} />
      </CardContent>
    </Card>
  );
}
