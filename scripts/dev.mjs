// `npm run dev`: the same Express server with Vite's dev middleware and hot reload.
import { createServer } from "vite";

process.env.NODE_ENV = "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { main } = await vite.ssrLoadModule("./server/app.ts");
await main({ vite });
