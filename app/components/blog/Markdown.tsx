import type { ComponentPropsWithoutRef } from "react";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Link } from "react-router";
import { POST_BODY_CLASS } from "~/components/blog/PostBody";
import { langFromPath, localizePath, type Lang } from "~/i18n/languages";

/** Site paths that are files or services, not pages: never given a language prefix. */
const NOT_PAGES = /^\/(media|admin|assets|events|healthz)(\/|$)/;

/**
 * Where a link in an article points. Unsafe URLs (javascript:, data:, vbscript:...) were
 * already emptied by react-markdown's default urlTransform, which keeps only http, https,
 * irc, ircs, mailto, xmpp and relative URLs: exactly the spec's list.
 */
export function classifyHref(href: string | undefined, lang: Lang): { kind: "none" } | { kind: "page"; to: string } | { kind: "other"; href: string; external: boolean } {
  if (!href) return { kind: "none" };
  // A scheme or a protocol-relative '//host' leaves the site.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return { kind: "other", href, external: true };
  if (href.startsWith("/")) {
    const cut = href.search(/[?#]/);
    const path = cut === -1 ? href : href.slice(0, cut);
    const rest = cut === -1 ? "" : href.slice(cut);
    const isFile = /\.[a-z0-9]+$/i.test(path);
    // Internal page links follow the reader's language ('/contact' -> '/fa/contact').
    if (!isFile && !NOT_PAGES.test(path) && langFromPath(path) === "en") return { kind: "page", to: `${localizePath(path, lang)}${rest}` };
    if (!isFile && !NOT_PAGES.test(path)) return { kind: "page", to: href };
  }
  return { kind: "other", href, external: false };
}

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

const linkClass = "font-medium text-brand-700 underline decoration-gold-500 decoration-2 underline-offset-2 hover:text-brand-900";

/** How a link to one of the site's pages is drawn: a router link (the admin's preview), or a plain anchor in static HTML. */
type PageLink = (props: { to: string; className: string; children?: React.ReactNode }) => React.ReactNode;

const routerLink: PageLink = ({ to, ...props }) => <Link to={to} {...props} />;
// In HTML made on the server there is no router: the public page follows these as documents.
const staticLink: PageLink = ({ to, ...props }) => <a href={to} {...props} />;

function components(lang: Lang, PageLink: PageLink): Components {
  return {
    // The page's title is the only h1: a '# heading' in an article becomes a section heading.
    h1: ({ node: _node, ...props }: Props<"h1">) => <h2 className="mt-10 mb-4 text-2xl font-bold text-brand-900 sm:text-3xl" {...props} />,
    h2: ({ node: _node, ...props }: Props<"h2">) => <h2 className="mt-10 mb-4 text-2xl font-bold text-brand-900 sm:text-3xl" {...props} />,
    h3: ({ node: _node, ...props }: Props<"h3">) => <h3 className="mt-8 mb-3 text-xl font-semibold text-brand-900" {...props} />,
    h4: ({ node: _node, ...props }: Props<"h4">) => <h4 className="mt-6 mb-2 text-lg font-semibold text-brand-900" {...props} />,
    h5: ({ node: _node, ...props }: Props<"h5">) => <h5 className="mt-6 mb-2 font-semibold text-brand-900" {...props} />,
    h6: ({ node: _node, ...props }: Props<"h6">) => <h6 className="mt-6 mb-2 font-semibold text-slate-700" {...props} />,
    p: ({ node: _node, ...props }: Props<"p">) => <p className="my-5" {...props} />,
    ul: ({ node: _node, ...props }: Props<"ul">) => <ul className="my-5 list-disc space-y-2 ps-6 marker:text-gold-500" {...props} />,
    ol: ({ node: _node, ...props }: Props<"ol">) => <ol className="my-5 list-decimal space-y-2 ps-6 marker:font-semibold marker:text-brand-700" {...props} />,
    li: ({ node: _node, ...props }: Props<"li">) => <li className="ps-1" {...props} />,
    blockquote: ({ node: _node, ...props }: Props<"blockquote">) => (
      <blockquote className="my-6 border-s-4 border-gold-400 bg-brand-50 py-3 ps-5 pe-4 text-slate-700 italic" {...props} />
    ),
    hr: ({ node: _node, ...props }: Props<"hr">) => <hr className="my-10 border-slate-200" {...props} />,
    strong: ({ node: _node, ...props }: Props<"strong">) => <strong className="font-semibold text-slate-900" {...props} />,
    code: ({ node: _node, className, ...props }: Props<"code">) => (
      <code className={`rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-800 ${className ?? ""}`} dir="ltr" {...props} />
    ),
    pre: ({ node: _node, ...props }: Props<"pre">) => (
      <pre className="my-6 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-slate-100" dir="ltr" {...props} />
    ),
    table: ({ node: _node, ...props }: Props<"table">) => (
      <div className="my-6 overflow-x-auto">
        <table className="w-full border-collapse text-start text-base" {...props} />
      </div>
    ),
    th: ({ node: _node, ...props }: Props<"th">) => (
      <th className="border-b-2 border-brand-200 bg-brand-50 px-3 py-2 text-start font-semibold text-brand-900" {...props} />
    ),
    td: ({ node: _node, ...props }: Props<"td">) => <td className="border-b border-slate-200 px-3 py-2 align-top" {...props} />,
    img: ({ node: _node, alt, src, ...props }: Props<"img">) =>
      // An unsafe or missing source was emptied: show nothing rather than a broken image.
      src ? <img className="my-6 h-auto max-w-full rounded-lg" alt={alt ?? ""} src={src} loading="lazy" decoding="async" {...props} /> : null,
    a: ({ node: _node, href, children, ...props }: Props<"a">) => {
      const target = classifyHref(href, lang);
      if (target.kind === "none") return <span>{children}</span>;
      if (target.kind === "page") {
        return (
          <PageLink to={target.to} className={linkClass} {...props}>
            {children}
          </PageLink>
        );
      }
      return (
        <a href={target.href} className={linkClass} rel={target.external ? "noopener noreferrer" : undefined} {...props}>
          {children}
        </a>
      );
    },
  };
}

/**
 * An article body: Markdown with GitHub extensions. Raw HTML in the source is never turned
 * into elements (react-markdown shows it as text; no rehype-raw), and the default URL
 * policy is kept. This is the admin's live preview; the public page gets the same output
 * as HTML made on the server (renderPostHtml in app/blog/markdown.server.tsx).
 */
export function PostMarkdown({ children, lang, className }: { children: string; lang: Lang; className?: string }) {
  return (
    <div className={`${POST_BODY_CLASS} ${className ?? ""}`}>
      <Markdown remarkPlugins={[remarkGfm]} components={components(lang, routerLink)}>
        {children}
      </Markdown>
    </div>
  );
}

/** The same rendering for static HTML, without a router: the public page's container wraps it. */
export function MarkdownContent({ children, lang }: { children: string; lang: Lang }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components(lang, staticLink)}>
      {children}
    </Markdown>
  );
}
