// Compression settings shared by the build's copies of scripts and stylesheets and the page
// cache's copies of stored pages: each copy is compressed once and sent many times.
import { constants, type BrotliOptions, type ZlibOptions } from "node:zlib";

/** Types worth compressing (fonts and images are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|map)$/;

/** Brotli's best quality for text. */
export const brotliBest = (bytes: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
});

/** gzip's best level. */
export const GZIP_BEST: ZlibOptions = { level: 9 };
