import { AUTO_BITRATE_NAME, RENDITIONS } from '@crease/contract';
import type { VideoQuality } from '@crease/contract';

/** The quality menu's choices, in menu order: Auto, then each rendition best first. */
export const QUALITY_CHOICES: readonly { quality: VideoQuality; label: string }[] = [
  { quality: 'AUTO', label: 'Auto' },
  ...RENDITIONS.map((r) => ({ quality: r.quality, label: r.name })),
];

/** The rendition height a fixed quality plays (null for AUTO: hls.js adapts). */
export function heightOf(quality: VideoQuality): number | null {
  return RENDITIONS.find((r) => r.quality === quality)?.height ?? null;
}

/** A rendition name ("720p") from a level's height, or the height itself for an unknown one. */
export function renditionName(height: number | undefined): string {
  if (!height) return AUTO_BITRATE_NAME;
  return RENDITIONS.find((r) => r.height === height)?.name ?? `${height}p`;
}

/** The index of the level of that height among hls.js's levels, or -1 (auto) when none has it. */
export function levelIndexFor(
  quality: VideoQuality,
  levels: readonly { height: number }[],
): number {
  const height = heightOf(quality);
  return height === null ? -1 : levels.findIndex((level) => level.height === height);
}
