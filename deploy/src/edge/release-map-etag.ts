import crypto from 'node:crypto';
import type { ReleaseMap } from '@crease/contract';

/** The body /release-map.json serves for a map. */
export const releaseMapBody = (map: ReleaseMap): string => JSON.stringify(map);

/**
 * The strong ETag of that body. The edge inlines it into index.html next to the map, so a
 * tab's first revalidation of an unchanged map is a 304 with no body.
 */
export const releaseMapEtag = (map: ReleaseMap): string =>
  `"${crypto.createHash('sha1').update(releaseMapBody(map)).digest('base64url')}"`;
