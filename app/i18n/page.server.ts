import type { AppLoadContext } from "react-router";
import type { TextSelection } from "../content/texts.server";
import { langFromPath, type Lang } from "./languages";

/** What every public page loader starts with: its language and the texts it shows. */
export async function pageTexts(
  request: Request,
  context: AppLoadContext,
  selection: TextSelection,
): Promise<{ lang: Lang; texts: Record<string, string> }> {
  const lang = langFromPath(new URL(request.url).pathname);
  return { lang, texts: await context.services.texts.pick(lang, selection) };
}
