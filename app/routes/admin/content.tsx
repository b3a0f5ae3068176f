import { useEffect } from "react";
import { readForm } from "~/form-data.server";
import { data, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/content";
import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { requireAdminAction, requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { ContentSaveError, listContentEntries, saveContentEntries } from "~/admin/content/content.server";
import { contentSaveFromFormData, contentSaveSchema } from "~/admin/content/schema";
import { ContentEditor, type ContentActionResult } from "~/components/admin/content/ContentEditor";
import { Button } from "~/components/ui/button";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { entries: await listContentEntries(context.services.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminAction(request, context);
  const parsed = contentSaveSchema.safeParse(contentSaveFromFormData(await readForm(request)));
  if (!parsed.success) {
    return data<ContentActionResult>({ ok: false, error: parsed.error.issues[0].message }, { status: 400 });
  }
  try {
    const result = await saveContentEntries(context.services, user.id, parsed.data);
    return data<ContentActionResult>({ ok: true, saved: result.saved, changed: result.changed.length });
  } catch (error) {
    if (error instanceof ContentSaveError) return data<ContentActionResult>({ ok: false, error: error.message }, { status: 400 });
    context.services.log.error({ err: error }, "saving content texts failed");
    return data<ContentActionResult>({ ok: false, error: "The server could not save the texts. Please try again." }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Website Content | Admin Dashboard");

// The Farsi and Chinese inputs show their scripts in the site's own fonts (only used glyphs download).
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export default function ContentTab() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="content-tab-title" className="flex flex-col gap-4">
      <div>
        <h2 id="content-tab-title" className="text-2xl font-semibold text-slate-900">
          Website Content
        </h2>
        <p className="text-sm text-slate-700">
          Every text of the public site in English, Farsi and Chinese. Team members&apos; roles and biographies are edited in the Team
          Management tab.
        </p>
      </div>
      <ContentEditor entries={entries} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const signedOut = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (!signedOut) toast.error("Failed to load content. Please try again.");
  }, [signedOut]);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      {signedOut ? (
        <p>
          Your session has ended. <a href="/admin/login" className="font-semibold underline">Sign in again</a>.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p>Failed to load content. Please try again.</p>
          <Button variant="secondary" onClick={() => revalidator.revalidate()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
