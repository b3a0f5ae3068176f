import { MessageCircle } from "lucide-react";
import { useT } from "~/i18n/hooks";

/** The floating messaging-app button: a chat with the firm, the greeting already typed. */
export function chatUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function ChatButton({ number }: { number: string }) {
  const t = useT();
  // In its own labelled landmark, so every piece of the page belongs to one.
  return (
    <aside aria-label={t("nav-chat-button-label")}>
    <a
      href={chatUrl(number, t("chat-prefill-message"))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t("nav-chat-button-label")} (${t("common-opens-new-tab")})`}
      className="fixed bottom-5 end-5 z-40 flex size-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg hover:bg-green-800"
    >
      <MessageCircle aria-hidden="true" className="size-7" />
    </a>
    </aside>
  );
}
