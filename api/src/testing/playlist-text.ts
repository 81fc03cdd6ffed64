/** Reading the origin's playlists in tests: the segments listed, a tag's value, the preload hint. */

/** The media segments a playlist lists (`123.m4s?token={$token}`), as sequence numbers. */
export const listed = (playlist: string): number[] =>
  [...playlist.matchAll(/^(\d+)\.m4s\?token=\{\$token\}$/gm)].map((m) => Number(m[1]));

/** The value of the first `#NAME:` tag, or undefined. */
export const tag = (playlist: string, name: string): string | undefined =>
  new RegExp(`^#${name}:(.*)$`, 'm').exec(playlist)?.[1];

/** The preload hint's part: [whole match, sequence, part]. */
export const hint = (playlist: string): RegExpExecArray | null =>
  /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d)\.m4s/.exec(playlist);
