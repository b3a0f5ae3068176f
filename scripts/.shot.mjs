import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const [url, out, w] = process.argv.slice(2);
const p = await b.newPage({ viewport: { width: Number(w ?? 1280), height: 900 } });
await p.goto(url, { waitUntil: "networkidle" });
await p.screenshot({ path: out, fullPage: process.argv[5] === "full" });
await b.close();
