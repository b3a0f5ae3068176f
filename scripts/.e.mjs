import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage();
await p.goto(process.argv[2], { waitUntil: "networkidle" });
console.log(await p.evaluate(() => [...document.head.children].slice(0,3).map(e => e.outerHTML).join("\n") + "\n...\n" + [...document.body.children].map(e => e.outerHTML.slice(0,150)).join("\n")));
await b.close();
