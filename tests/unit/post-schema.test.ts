import { describe, expect, it } from "vitest";
import { HTTP_IMAGE_REFUSED, IMAGE_URL_REFUSED, isImageUrl, validatePostForm, type PostFormInput } from "~/blog/post-schema";

const values = (featuredImage: string): PostFormInput =>
  ({
    title: "Tenant rights",
    slug: "tenant-rights",
    author: "",
    publishedAt: "",
    featuredImage,
    excerpt: "",
    content: "",
    metaDescription: "",
    imageAltText: "",
    titleFa: "",
    excerptFa: "",
    contentFa: "",
    metaDescriptionFa: "",
    imageAltTextFa: "",
    titleZh: "",
    excerptZh: "",
    contentZh: "",
    metaDescriptionZh: "",
    imageAltTextZh: "",
    published: false,
  }) as PostFormInput;

describe("the post form's featured image", () => {
  it("refuses an http:// address with the reason: the site's Content-Security-Policy allows https images only", () => {
    for (const url of ["http://images.example.com/keys.jpg", "HTTP://images.example.com/keys.jpg"]) {
      expect(isImageUrl(url)).toBe(false);
      const checked = validatePostForm(values(url));
      expect(checked.success).toBe(false);
      if (!checked.success) expect(checked.errors.featuredImage).toBe(HTTP_IMAGE_REFUSED);
    }
    expect(HTTP_IMAGE_REFUSED).toBe("Use an https:// address: browsers block http images on this site.");
  });

  it("accepts https, an uploaded image and an empty field; refuses anything else with the general message", () => {
    for (const url of ["https://images.example.com/keys.jpg", "/media/0b9a8e1e-6b8f-4d3c-9a55-1f2e3d4c5b6a", ""]) expect(validatePostForm(values(url)).success, url).toBe(true);
    for (const url of ["javascript:alert(1)", "ftp://example.com/a.jpg", "not a url", "https://"]) {
      const checked = validatePostForm(values(url));
      expect(checked.success, url).toBe(false);
      if (!checked.success) expect(checked.errors.featuredImage).toBe(IMAGE_URL_REFUSED);
    }
  });
});
