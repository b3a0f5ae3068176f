import { CircleAlert, CircleCheck } from "lucide-react";

/** What a tab needs to know of an outside service: whether it is set up, and if not, what to set. */
export interface ServiceState {
  configured: boolean;
  /** The one sentence that says which variable to set. */
  message: string;
  provider?: string;
}

const PROVIDERS: Record<string, string> = { ai: "AI", deepl: "DeepL", libretranslate: "LibreTranslate" };

/** "Not configured" is a state, not an error: the buttons stay, and this line says what to set. */
export function ServiceNote({ service, state }: { service: string; state: ServiceState }) {
  if (state.configured) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-slate-700">
        <CircleCheck className="size-4 text-green-700" aria-hidden="true" />
        {service}: {state.provider ? `${PROVIDERS[state.provider] ?? state.provider}, ` : ""}configured.
      </p>
    );
  }
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-amber-900">
      <CircleAlert className="size-4" aria-hidden="true" />
      {service} is not configured. {state.message}
    </p>
  );
}
