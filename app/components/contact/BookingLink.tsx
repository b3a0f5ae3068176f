import { CalendarDays, ExternalLink } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { useSite } from "~/components/site/use-site";

/**
 * A button-styled link to the external booking page in a new tab. A real link, so it works
 * without JavaScript; rel keeps the booking site from reaching back into this page.
 */
export function BookingLink({ label, className = "" }: { label: string; className?: string }) {
  const t = useT();
  const { bookingUrl } = useSite();
  return (
    <a
      href={bookingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center justify-center gap-2 rounded-md px-6 py-3 text-base font-semibold shadow-sm transition-colors ${className}`}
    >
      <CalendarDays aria-hidden="true" className="size-5" />
      {label}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> ({t("common-opens-new-tab")})</span>
    </a>
  );
}
