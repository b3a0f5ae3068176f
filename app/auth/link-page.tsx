import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { LinkPageAnswer } from "./link-pages.server";
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

/** A page's `headers`: a throttled attempt's Retry-After goes out with the page. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
}

/**
 * A link page's state: the action's answer, whether its form is being posted, and the sentence to
 * show instead of the form when the link does not work (the answer's, else `notWorking` when the
 * loader found no live link), or null.
 */
export function useLinkAnswer(actionData: unknown, linkWorks: boolean, notWorking: string) {
  const result = actionData as LinkPageAnswer | undefined;
  return { result, busy: usePosting(), invalid: result?.invalid ?? (linkWorks ? null : notWorking) };
}
