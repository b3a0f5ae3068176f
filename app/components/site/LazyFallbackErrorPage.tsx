import { Suspense } from "react";
import { lazyAfterPaint } from "../lazy";

// Loaded only when an error page is shown, so its built-in texts stay out of every page's bundle.
const FallbackErrorPage = lazyAfterPaint(() => import("./FallbackErrorPage").then((module) => ({ default: module.FallbackErrorPage })));

export function LazyFallbackErrorPage(props: { status: number; error?: unknown }) {
  return (
    <Suspense fallback={null}>
      <FallbackErrorPage {...props} />
    </Suspense>
  );
}
