import faFont from "@fontsource/vazirmatn/400.css?url";
import zhFont from "@fontsource/noto-sans-sc/400.css?url";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { newPostValues } from "~/blog/manage.server";
import { type PostFormInput } from "~/blog/post-schema";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { PostEditor } from "~/admin/blog/components/PostEditor";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/blog-new-route";
import { intents } from "./new-actions.server";

// The admin page is English; the Farsi and Chinese inputs still deserve their fonts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: faFont },
  { rel: "stylesheet", href: zhFont },
];

export const meta: Route.MetaFunction = () => adminMeta("New post | Admin Dashboard");

/** An editor for a post that is not stored: New Post's values, stored by the first save only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "posts.edit");
  return { values: newPostValues() };
}

export const action = adminAction(intents, { permission: "posts.edit", intentOf: (form) => String(form.get("intent") ?? "save") });

export default function BlogNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [created, setCreated] = useState<number | null>(null);
  // Once the saved values are the editor's own (no unsaved changes to ask about), open the stored post.
  useEffect(() => {
    if (created !== null) void navigate(`/admin/dashboard/blog/${created}`, { replace: true });
  }, [created, navigate]);
  // Without JavaScript a refused save comes back as actionData: keep what was typed.
  const refused = actionData && !actionData.ok ? ((actionData.values as PostFormInput | undefined) ?? null) : null;
  return (
    <div className="space-y-4">
      <Link to="/admin/dashboard" className={buttonClass("ghost", "sm", "-ms-3")}>
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        All posts
      </Link>
      <PostEditor
        key={refused ? "refused" : "new"}
        initialValues={refused ?? loaderData.values}
        storedValues={loaderData.values}
        storedSlug={loaderData.values.slug}
        storedPublished={false}
        everPublished={false}
        onCreated={setCreated}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the new post" />;
}
