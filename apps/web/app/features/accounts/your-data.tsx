import { Button } from "../../components/ui/button.tsx";
import { Download } from "../../components/ui/icons.tsx";

/**
 * A plain download link: the browser fetches the file with its own cookie and saves it, so it
 * works before the scripts run and never holds the file in the page's memory.
 */
export function YourData() {
  return (
    <div className="flex flex-col gap-3">
      <ul className="list-disc space-y-1 pl-5 text-muted-foreground text-sm">
        <li>Your account: name, bio, language and picture.</li>
        <li>Your comments, replies, reviews and related pages that are still up.</li>
        <li>Your notes, private ones included, and your votes.</li>
        <li>The addresses of the pictures and videos you uploaded.</li>
      </ul>
      <div>
        <Button asChild variant="outline">
          <a href="/api/account/export" download data-testid="your-data-download">
            <Download aria-hidden="true" />
            Download your data
          </a>
        </Button>
      </div>
    </div>
  );
}
