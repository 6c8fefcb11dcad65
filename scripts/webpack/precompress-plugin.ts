import zlib from 'node:zlib';
import webpack from 'webpack';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<asset>.br` and `<asset>.gz` beside every text asset, so the one-port server (and any static host
 * that can) sends the precompressed file instead of compressing on each request; no extra dependency.
 */
export class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const bytes = source.buffer();
            if (bytes.length < MIN_BYTES) continue;
            compilation.emitAsset(
              `${name}.gz`,
              new webpack.sources.RawSource(zlib.gzipSync(bytes, { level: 9 })),
            );
            const brotli = zlib.brotliCompressSync(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(brotli));
          }
        },
      );
    });
  }
}
