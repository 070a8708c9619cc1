import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmailValidation } from "../../features/accounts/email-validation.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/validate-email";

export const meta = () => titleMeta("Confirm your email");

export function loader({ request }: Route.LoaderArgs) {
  return { activationKey: new URL(request.url).searchParams.get("key") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent>
        <EmailValidation key={loaderData.activationKey ?? ""} activationKey={loaderData.activationKey} />
      </CardContent>
    </Card>
  );
}
