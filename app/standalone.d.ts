/** A file bundled on its own; the import is its URL (scripts/build/standalone-script.ts). */
declare module "*?standalone" {
  const url: string;
  export default url;
}
