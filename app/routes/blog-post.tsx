import { data, redirect } from "react-router";
import { ArrowLeft, Scale, ShieldAlert } from "lucide-react";
import type { Route } from "./+types/blog-post";
import { formatPostDate } from "~/blog/dates";
import { postImage } from "~/blog/images.server";
import { renderPostHtml } from "~/blog/markdown.server";
import { findPublishedPost, localizePost, type BlogPostRow } from "~/blog/posts.server";
import { redirectedSlug } from "~/blog/revisions.server";
import { langFromPath, localizePath } from "~/i18n/languages";
import { PostBody } from "~/components/blog/PostBody";
import { Byline, textLangProps } from "~/components/blog/PostCards";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { useLang, useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { blogPosting, breadcrumbList, type SeoSite } from "~/seo/jsonld";
import { seoSiteFor } from "~/seo/site.server";
import { addJsonLd } from "~/document/json-ld.server";
import { pageMeta, siteFacts } from "~/seo/meta";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, log } = context.services;
  const page = await pageTexts(request, context, { categories: ["blog"] });
  let row: BlogPostRow | null = null;
  let failed = false;
  try {
    row = await findPublishedPost(db, params.slug);
  } catch (error) {
    log.error({ err: error, slug: params.slug }, "Failed to fetch blog post");
    failed = true;
  }
  if (!row && !failed) {
    // A published post's former slug: links and search results move to its address now (301,
    // stored by the page cache like any redirect; every blog change empties it).
    const current = await redirectedSlug(db, params.slug).catch((error: unknown) => {
      log.error({ err: error, slug: params.slug }, "Failed to look up a former blog slug");
      return null;
    });
    if (current) throw redirect(localizePath(`/blog/${encodeURIComponent(current)}`, langFromPath(new URL(request.url).pathname)), 301);
  }
  // A missing slug and a draft look the same to a visitor: 'Post Not Found'. A database
  // failure shows the same page with 503, so crawlers come back rather than drop the URL.
  if (!row) return data({ ...page, post: null }, { status: failed ? 503 : 404 });

  const localized = localizePost(row, page.lang);
  const image = await postImage(db, localized.featuredImage).catch(() => null);
  // The browser gets the article as HTML only: the Markdown renderer stays on the server.
  const { content, ...rest } = localized;
  const post = {
    ...rest,
    content: { lang: content.lang, html: renderPostHtml(content.text, page.lang) },
    date: formatPostDate(localized.publishedAt, page.lang),
    image,
    updatedAt: row.updatedAt.toISOString(),
  };
  // Structured data is built here, on the server, so its builders never ship to the browser.
  addJsonLd(context, postJsonLd(await seoSiteFor(request, context), page.texts, post));
  return data({ ...page, post });
}

/** BlogPosting and breadcrumb structured data for a post, in its language. */
function postJsonLd(site: SeoSite, texts: Record<string, string>, post: PostJsonLdInput) {
  const path = `/blog/${post.slug}`;
  return [
    blogPosting(site, {
      path,
      headline: post.title.text,
      description: post.metaDescription.text || post.excerpt.text,
      datePublished: post.publishedAt ?? post.updatedAt,
      dateModified: post.updatedAt,
      author: post.author,
      image: post.featuredImage,
      imageAlt: post.imageAlt.text,
    }),
    breadcrumbList(site, [
      { name: texts["blog-breadcrumb"] ?? "Blog", path: "/blog" },
      { name: post.title.text, path },
    ]),
  ];
}

type PostJsonLdInput = {
  slug: string;
  title: { text: string };
  metaDescription: { text: string };
  excerpt: { text: string };
  imageAlt: { text: string };
  publishedAt: string | null;
  updatedAt: string;
  author: string;
  featuredImage: string | null;
};

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const texts = page?.texts ?? {};
  const post = page?.post;
  if (!post) {
    const { firmName } = siteFacts(matches);
    const title = texts["blog-post-not-found-title"] ?? "Post Not Found";
    return [{ title: firmName ? `${title} | ${firmName}` : title }, { name: "robots", content: "noindex" }];
  }
  return pageMeta(matches, {
    title: post.title.text,
    description: post.metaDescription.text || post.excerpt.text,
    path: `/blog/${post.slug}`,
    type: "article",
    image: post.featuredImage ?? undefined,
  });
};

function BackToBlog() {
  const t = useT();
  return (
    <LocalizedLink to="/blog" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-900 hover:underline">
      <ArrowLeft aria-hidden="true" className="flip-rtl size-4" />
      {t("blog-back-to-blog")}
    </LocalizedLink>
  );
}

function PostNotFound() {
  const t = useT();
  return (
    <>
      <Breadcrumbs items={[{ label: t("blog-breadcrumb"), path: "/blog" }, { label: t("blog-post-not-found-title") }]} />
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-brand-900">{t("blog-post-not-found-title")}</h1>
        <p className="text-lg text-slate-700">{t("blog-post-not-found-text")}</p>
        <BackToBlog />
      </section>
    </>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const post = loaderData.post;
  if (!post) return <PostNotFound />;
  return (
    <>
      <Breadcrumbs items={[{ label: t("blog-breadcrumb"), path: "/blog" }, { label: post.title.text }]} />
      <article className="mx-auto max-w-5xl px-4 pt-4 pb-16 sm:px-6 lg:px-8">
        <BackToBlog />
        {post.image ? (
          <img
            src={post.image.src}
            srcSet={post.image.srcSet}
            sizes={post.image.srcSet ? "(min-width: 1024px) 960px, calc(100vw - 2rem)" : undefined}
            alt={post.imageAlt.text}
            {...(post.imageAlt.text ? textLangProps(post.imageAlt, lang) : {})}
            width={1200}
            height={400}
            fetchPriority="high"
            decoding="async"
            className="mt-6 aspect-[3/1] w-full rounded-xl bg-brand-100 object-cover"
          />
        ) : null}
        <div className="mx-auto max-w-3xl">
          <header className="mt-8 border-b border-slate-200 pb-6">
            <h1 className="text-3xl leading-tight font-bold text-brand-900 sm:text-4xl" {...textLangProps(post.title, lang)}>
              {post.title.text}
            </h1>
            <Byline post={post} className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-slate-600" />
          </header>

          <PostBody html={post.content.html} {...textLangProps(post.content, lang)} />

          <aside aria-labelledby="legal-disclaimer-title" className="mt-12 flex gap-4 rounded-xl border border-amber-300 bg-amber-50 p-6">
            <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
            <div>
              <h2 id="legal-disclaimer-title" className="text-lg font-semibold text-slate-900">
                {t("blog-legal-disclaimer-title")}
              </h2>
              <p className="mt-2 text-slate-700">{t("blog-legal-disclaimer-text")}</p>
            </div>
          </aside>

          <section aria-labelledby="need-help-title" className="mt-10 rounded-2xl bg-brand-800 p-8 text-center text-white sm:p-10">
            <Scale aria-hidden="true" className="mx-auto size-10 text-gold-400" />
            <h2 id="need-help-title" className="mt-3 text-2xl font-bold">
              {t("blog-need-help-title")}
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-200">{t("blog-need-help-text")}</p>
            <LocalizedLink
              to="/contact"
              className="mt-6 inline-flex items-center justify-center rounded-md bg-gold-400 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-300"
            >
              {t("blog-need-help-button")}
            </LocalizedLink>
          </section>
        </div>
      </article>
    </>
  );
}
