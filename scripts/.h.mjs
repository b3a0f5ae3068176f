import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync","--disable-dev-shm-usage"] });
const c = await b.newContext({ viewport: { width: 1280, height: 900 } });
const p = await c.newPage();
p.on("console", m => console.log(m.type(), m.text().slice(0, 6000)));
p.on("pageerror", e => console.log("pageerror", e.message));
p.on("response", r => { if (r.status() >= 400) console.log("HTTP", r.status(), r.url()); });
await p.goto(process.argv[2], { waitUntil: "networkidle" });
await b.close();
