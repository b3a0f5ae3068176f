import { Fragment, type ReactNode } from "react";

/** Email addresses and web addresses (https://... or www....) inside plain text. */
const LINKABLE = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})|((?:https?:\/\/|www\.)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:\/[^\s]*[^\s.,;:!?)])?)/g;

/**
 * One line of editable text with its email and web addresses made into links. Each address
 * sits in <bdi dir="ltr"> so it stays readable inside a right-to-left sentence.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const [value, email] = match;
    const href = email ? `mailto:${email}` : value.startsWith("www.") ? `https://${value}` : value;
    parts.push(
      <a key={index} href={href} rel={email ? undefined : "noopener noreferrer"} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        <bdi dir="ltr">{value}</bdi>
      </a>,
    );
    last = index + value.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Editable text whose paragraphs are separated by a blank line. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph.split("\n").map((line, i) => (
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {linkify(line)}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
