// How a static host compresses the build's files, as the size report
// (tools/size.mjs) counts them and the tests' server (e2e/harness.mjs)
// sends them: gzip at level 9, brotli at quality 11 (docs/build.md,
// "Compression").
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** `bytes` in `encoding` ('gzip' or 'br'). */
export function compress(bytes, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 9 });
}
