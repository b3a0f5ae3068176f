/** A file bundled on its own (scripts/build/standalone-script.ts). */
declare module "*?standalone" {
  /** Its URL. */
  const url: string;
  export default url;
  /** The source of an inline script that imports it once the page has painted and loaded. */
  export const loadAfterFirstPaint: string;
}
