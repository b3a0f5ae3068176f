import type { AppLoadContext } from "react-router";
import { langFromPath, type Lang } from "./languages";

/** The keys and groups a page asks the text store for (app/content/texts.server.ts, reached through the load context). */
type TextSelection = Parameters<AppLoadContext["services"]["texts"]["pick"]>[1];

/** What every public page loader starts with: its language and the texts it shows. */
export async function pageTexts(
  request: Request,
  context: AppLoadContext,
  selection: TextSelection,
): Promise<{ lang: Lang; texts: Record<string, string> }> {
  const lang = langFromPath(new URL(request.url).pathname);
  return { lang, texts: await context.services.texts.pick(lang, selection) };
}
