import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts' builds coexist (e.g. parallel test runs); default ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
