// The server process: build when the sources are newer than the build, then serve in production
// mode. `npm start` runs it under scripts/supervise.mjs, which starts it again if it dies.
import { buildIfNeeded, serverEntry } from "./build-if-needed.mjs";

process.env.NODE_ENV ??= "production";
// Tests run the build that `npm test` made; they pass --no-build so a source edit mid-run cannot rebuild under them.
if (!process.argv.includes("--no-build")) buildIfNeeded();
const { main } = await import(serverEntry);
await main();
// Serving: tell the supervisor, when there is one, that a later exit is a crash to recover from.
if (process.send) {
  process.send("ready");
  process.channel?.unref();
}
