// @ts-check
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Emits .gz and .br next to every text asset, so the edge server and nginx (gzip_static)
 * serve precompressed files with no CPU spent per request.
 */
export class CompressAssetsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CompressAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompressAssetsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = Buffer.from(source.source());
            if (buffer.length < 512) continue;
            compilation.emitAsset(`${name}.gz`, new RawSource(zlib.gzipSync(buffer, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new RawSource(
                zlib.brotliCompressSync(buffer, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
                }),
              ),
            );
          }
        },
      );
    });
  }
}
