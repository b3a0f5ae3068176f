// `npm run images:static`: the responsive variants of the site's own illustrations, from the
// largest WebP of each (committed in public/images/): WebP and AVIF at every width the pages'
// `srcset`s name (app/components/practice/PracticeImage.tsx, app/routes/team.tsx). A phone at
// 412 px and 1.75x takes the 800-960 px file, and a browser that reads AVIF the smaller one.
import sharp from "sharp";

const root = new URL("../../public/images/", import.meta.url).pathname;
const SETS = [
  ...["civil-litigation", "family", "immigration", "professional-negligence"].map((slug) => ({
    master: `practice/${slug}-1280.webp`,
    out: (width) => `practice/${slug}-${width}`,
    widths: [640, 960, 1280],
  })),
  { master: "team/group-1200.webp", out: (width) => `team/group-${width}`, widths: [600, 800, 1200] },
];

for (const { master, out, widths } of SETS) {
  const image = sharp(`${root}${master}`);
  const { width: masterWidth, height: masterHeight } = await image.metadata();
  for (const width of widths) {
    const resized = () => sharp(`${root}${master}`).resize(width, Math.round((width * masterHeight) / masterWidth));
    // The master itself stays as it is; smaller WebPs are written from it.
    if (width !== masterWidth) await resized().webp({ quality: 75, effort: 6 }).toFile(`${root}${out(width)}.webp`);
    const avif = await resized().avif({ quality: 50, effort: 6 }).toFile(`${root}${out(width)}.avif`);
    console.log(`public/images/${out(width)}.avif: ${(avif.size / 1024).toFixed(1)} KiB`);
  }
}
