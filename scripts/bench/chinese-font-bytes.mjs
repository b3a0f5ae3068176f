// `node scripts/bench/chinese-font-bytes.mjs URL` (decision 0072): how much Noto Sans SC a Chinese
// page needs at the least.
// The least font a page could fetch before painting if Noto Sans SC were sliced perfectly for it:
// its own characters only, 400 and 700, subset from the site's subset files (a lower bound for
// any unicode-range slicing).
import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
const base = process.argv[2] ?? "http://127.0.0.1:3000";
const isHan = (c) => /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/.test(c);
for (const path of ["/zh", "/zh/team", "/zh/contact", "/zh/blog"]) {
  const html = await (await fetch(base + path)).text();
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
  const chars = [...new Set([...body].filter(isHan))].join("");
  let total = 0;
  for (const w of [400, 700]) {
    const font = readFileSync(`app/fonts/noto-sans-sc-subset-${w}.woff2`);
    total += (await subsetFont(font, chars, { targetFormat: "woff2" })).length;
  }
  console.log(`${path}: ${[...chars].length} distinct characters, both weights cut to exactly them: ${(total / 1024).toFixed(1)} KiB`);
}
