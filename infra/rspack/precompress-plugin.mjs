import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset after emit, so the gateway serves compressed bytes
 * with no per-request CPU (@fastify/static `preCompressed`). Runs in production builds only.
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outDir = compiler.options.output.path;
      const names = Object.keys(compilation.assets).filter((n) => COMPRESSIBLE.test(n) && !n.endsWith('.map'));
      await Promise.all(names.map(async (name) => {
        const file = path.join(outDir, name);
        const buf = await fs.promises.readFile(file);
        if (buf.length < MIN_BYTES) return;
        const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } });
        const gz = zlib.gzipSync(buf, { level: 9 });
        await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      }));
    });
  }
}
