// `npm start`: build when the sources are newer than the build, then serve in production mode.
import { buildIfNeeded, serverEntry } from "./build-if-needed.mjs";

process.env.NODE_ENV ??= "production";
buildIfNeeded();
const { main } = await import(serverEntry);
await main();
