/**
 * `npm run media -w api`: render (or find cached) the stream origin's test card, and say how
 * long it took. `npm start` and the e2e web server run the same step before serving.
 */
import path from 'node:path';
import { loadApiConfig } from '../platform/config';
import { ensureStreamMedia } from '../streams/media/render-media';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const media = await ensureStreamMedia(
  loadApiConfig(process.env, root).streams.mediaCacheDir,
  console.info,
);
console.info(
  media.rendered
    ? `Stream media: ${media.dir} (rendered in ${media.seconds.toFixed(1)} s, ${(media.bytes / 1e6).toFixed(1)} MB)`
    : `Stream media: ${media.dir} (cached, ${(media.bytes / 1e6).toFixed(1)} MB)`,
);
