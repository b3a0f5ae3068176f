import { ArrowRight, CalendarDays, Scale, UserRound } from "lucide-react";
import type { PostCardData, PostImage as PostImageData, LocalizedText } from "~/blog/types";
import { useLang, useT } from "~/i18n/hooks";
import { LANGUAGE_INFO, type Lang } from "~/i18n/languages";
import { LocalizedLink } from "~/components/site/LocalizedLink";

/** `lang`/`dir` for a text shown in another language than the page (an untranslated post). */
export function textLangProps(text: Pick<LocalizedText, "lang">, pageLang: Lang): { lang?: string; dir?: "ltr" | "rtl" } {
  if (text.lang === pageLang) return {};
  return { lang: LANGUAGE_INFO[text.lang].htmlLang, dir: LANGUAGE_INFO[text.lang].dir };
}

/** A post's image, or a decorative placeholder in the firm's colours when it has none. */
export function PostImage({
  image,
  alt,
  sizes,
  className,
  eager = false,
}: {
  image: PostImageData | null;
  alt: LocalizedText;
  sizes: string;
  className: string;
  eager?: boolean;
}) {
  const lang = useLang();
  if (!image) {
    return (
      <div aria-hidden="true" className={`flex items-center justify-center bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 ${className}`}>
        <Scale className="size-14 text-gold-400/80" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt.text}
      {...(alt.text ? textLangProps(alt, lang) : {})}
      width={1200}
      height={400}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}

/** Who wrote a post and when: the cards' small line, or with the post page's own classes. */
export function Byline({
  post,
  className = "flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600",
}: {
  post: Pick<PostCardData, "author" | "date" | "publishedAt">;
  className?: string;
}) {
  const t = useT();
  return (
    <p className={className}>
      {post.author ? (
        <span className="inline-flex items-center gap-1.5">
          <UserRound aria-hidden="true" className="size-4 text-brand-600" />
          {t("blog-by")} {post.author}
        </span>
      ) : null}
      {post.date ? (
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden="true" className="size-4 text-brand-600" />
          <time dateTime={post.publishedAt ?? undefined}>{post.date}</time>
        </span>
      ) : null}
    </p>
  );
}

/** A card's title, linking to the post. */
function TitleLink({ post }: { post: PostCardData }) {
  return (
    <LocalizedLink to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
      {post.title.text}
    </LocalizedLink>
  );
}

/** A card's 'Read' link to the post; the post's title follows for screen readers, in its own language. */
function ReadLink({ post, label, className }: { post: PostCardData; label: string; className: string }) {
  const lang = useLang();
  return (
    <LocalizedLink to={`/blog/${post.slug}`} className={className}>
      {label}
      <span className="sr-only" {...textLangProps(post.title, lang)}>
        : {post.title.text}
      </span>
      <ArrowRight aria-hidden="true" className="flip-rtl size-4" />
    </LocalizedLink>
  );
}

/** The newest post, large, with 'Read Article'. */
export function FeaturedPostCard({ post }: { post: PostCardData }) {
  const t = useT();
  const lang = useLang();
  return (
    <article aria-labelledby={`post-${post.id}-title`} className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:grid-cols-2">
      <PostImage
        image={post.image}
        alt={post.imageAlt}
        sizes="(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw"
        className="aspect-[2/1] h-full w-full lg:aspect-auto lg:min-h-80"
        eager
      />
      <div className="flex flex-col justify-center gap-4 p-6 sm:p-8">
        <p>
          <span className="inline-block rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-900">
            {t("blog-featured-label")}
          </span>
        </p>
        <h2 id={`post-${post.id}-title`} className="text-2xl font-bold text-brand-900 sm:text-3xl" {...textLangProps(post.title, lang)}>
          <TitleLink post={post} />
        </h2>
        {post.excerpt.text ? (
          <p className="text-lg leading-7 text-slate-700" {...textLangProps(post.excerpt, lang)}>
            {post.excerpt.text}
          </p>
        ) : null}
        <Byline post={post} />
        <p>
          <ReadLink
            post={post}
            label={t("blog-read-article")}
            className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          />
        </p>
      </div>
    </article>
  );
}

/** One post in the 'Recent Articles' grid. */
export function PostCard({ post }: { post: PostCardData }) {
  const t = useT();
  const lang = useLang();
  return (
    <article aria-labelledby={`post-${post.id}-title`} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <PostImage
        image={post.image}
        alt={post.imageAlt}
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-[2/1] w-full"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={`post-${post.id}-title`} className="text-lg font-semibold leading-snug text-brand-900" {...textLangProps(post.title, lang)}>
          <TitleLink post={post} />
        </h3>
        {post.excerpt.text ? (
          <p className="line-clamp-4 text-slate-700" {...textLangProps(post.excerpt, lang)}>
            {post.excerpt.text}
          </p>
        ) : null}
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <Byline post={post} />
          <ReadLink
            post={post}
            label={t("blog-read-more")}
            className="inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          />
        </div>
      </div>
    </article>
  );
}
