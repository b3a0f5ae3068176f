import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { AdminToaster, AuthShell } from "./ui";

/**
 * The frame of a page outside the signed-in admin that a mailed link (or the sign-in) opens
 * (decision 0069): its title and intro, what the page shows, and the way back to sign-in.
 */
export function LinkPage({ title, intro, back = "Go to sign-in", children }: { title: string; intro?: ReactNode; back?: string; children: ReactNode }) {
  return (
    <>
      <AuthShell title={title} intro={intro}>
        {children}
        <p className="mt-6 text-sm">
          <a className="underline" href="/admin/login">
            {back}
          </a>
        </p>
      </AuthShell>
      <AdminToaster />
    </>
  );
}

/** Whether this page's form is being posted (its button then says so). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}
