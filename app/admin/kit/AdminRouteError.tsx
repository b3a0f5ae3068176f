import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";

interface AdminRouteErrorProps {
  /** What the page could not load, as in 'Failed to load team data'. */
  what: string;
  /** For a page of one record: what a 404 says, and where to go back to. */
  notFound?: { title: string; text: string; back: { to: string; label: string } };
}

/**
 * The error boundary of every admin route: a session that ended asks to sign in again, a missing
 * record says so with a way back, and a failed load says what failed and offers to try again.
 */
export function AdminRouteError({ what, notFound }: AdminRouteErrorProps) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const failedLoad = status !== 401 && status !== 403 && !(status === 404 && notFound);
  useEffect(() => {
    if (failedLoad) toast.error(`Failed to load ${what}`);
  }, [failedLoad, what]);

  if (status === 404 && notFound) {
    return (
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="text-xl font-semibold text-slate-900">{notFound.title}</h2>
        <p className="text-sm text-slate-700">{notFound.text}</p>
        <Link to={notFound.back.to} className={buttonClass("secondary")}>
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          {notFound.back.label}
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      {status === 401 ? (
        <p>
          Your session has ended; unsaved changes could not be kept. <a href="/admin/login" className="font-semibold underline">Sign in again</a>.
        </p>
      ) : status === 403 ? (
        // A staff role without this tab's permission gets the guard's sentence ("Your role (editor) cannot …").
        <p>{isRouteErrorResponse(error) && typeof error.data === "string" && error.data.startsWith("Your role") ? error.data : "Access Denied: You don't have admin privileges."}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p>Failed to load {what}. Please try again.</p>
          <Button variant="secondary" onClick={() => revalidator.revalidate()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
