// @ts-check

/**
 * Emits chunk-assets.json: the JS and CSS files of every named chunk group (entry points and
 * named lazy chunks). The edge server uses it to preload a lazy route's files with the HTML.
 */
export class ChunkAssetsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ChunkAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ChunkAssetsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE,
        },
        () => {
          /** @type {Record<string, { js: string[]; css: string[] }>} */
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            const files = group.chunks.flatMap((chunk) => [...chunk.files]);
            groups[name] = {
              js: files.filter((file) => file.endsWith('.js')),
              css: files.filter((file) => file.endsWith('.css')),
            };
          }
          compilation.emitAsset(
            'chunk-assets.json',
            new RawSource(JSON.stringify(groups, null, 2)),
          );
        },
      );
    });
  }
}
