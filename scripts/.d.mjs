import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const grab = async (js) => {
  const c = await b.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
  const p = await c.newPage();
  await p.goto(process.argv[2], { waitUntil: "networkidle" });
  return p.evaluate(() => {
    const walk = (el, d) => [`${"  ".repeat(d)}${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}`, ...[...el.children].flatMap((c) => walk(c, d + 1))];
    return walk(document.documentElement, 0).join("\n");
  });
};
const a = await grab(false), c = await grab(true);
const fs = await import("node:fs");
fs.writeFileSync("/tmp/nojs.txt", a); fs.writeFileSync("/tmp/js.txt", c);
await b.close();
