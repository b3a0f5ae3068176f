import { lazy, Suspense } from "react";

// Loaded only when an error page is shown, so its built-in texts stay out of every page's bundle
// (the admin's and the contact page's: the others load no framework code). The server's render
// waits for it like for everything else (the whole document is sent at once).
const FallbackErrorPage = lazy(() => import("./FallbackErrorPage").then((module) => ({ default: module.FallbackErrorPage })));

export function LazyFallbackErrorPage(props: { status: number; error?: unknown }) {
  return (
    <Suspense fallback={null}>
      <FallbackErrorPage {...props} />
    </Suspense>
  );
}
