// Types of hls-source.mjs for TypeScript (the build's config is JavaScript, read by webpack);
// the shape is @crease/build's SourcePackage (shared/build/src/source-packages.mjs).
export interface HlsSourcePackage {
  request: string;
  entry: string;
  sourceDir: string;
  constants: Record<string, string | number | boolean>;
  omit?: string[];
  emptyModule?: string;
}

export function hlsFromSource(appDir: string): HlsSourcePackage;
