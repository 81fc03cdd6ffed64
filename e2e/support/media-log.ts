import fs from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Chromium's own media log for a page (what chrome://media-internals shows), through the DevTools
 * protocol's Media domain: each player's properties (the demuxer, the decoders, the buffered
 * ranges the pipeline reports), its events (play, pause, seek, "kBufferingStateChanged"), its
 * messages (the pipeline's warnings, e.g. a gap in the appended media) and its errors. A picture
 * that freezes with media buffered ahead (decision 441) says why here, where the element says only
 * readyState 2.
 */
export interface MediaLog {
  /** Every line so far, each stamped with this machine's time. */
  lines(): readonly string[];
  /** The lines that matter to a stall: warnings, errors and buffering changes, newest last. */
  notable(limit?: number): string[];
  /** Writes every line to `file` (a test's output). */
  save(file: string): void;
  stop(): Promise<void>;
}

/** Properties the pipeline repeats many times a second and that say nothing about a stall. */
const CHATTY = new Set(['kFramerate', 'kVideoPlaybackRoughness', 'kVideoPlaybackFreezing']);

export async function recordMediaLog(page: Page): Promise<MediaLog> {
  const session = await page.context().newCDPSession(page);
  const lines: string[] = [];
  const stamp = () => new Date().toISOString().slice(11, 23);
  const add = (player: string, kind: string, text: string) =>
    lines.push(`${stamp()} ${player.slice(0, 8)} ${kind} ${text}`);

  session.on('Media.playerPropertiesChanged', ({ playerId, properties }) => {
    for (const { name, value } of properties)
      if (!CHATTY.has(name)) add(playerId, 'property', `${name}=${value}`);
  });
  session.on('Media.playerEventsAdded', ({ playerId, events }) => {
    for (const event of events) add(playerId, 'event', event.value);
  });
  session.on('Media.playerMessagesLogged', ({ playerId, messages }) => {
    for (const { level, message } of messages) add(playerId, level, message);
  });
  session.on('Media.playerErrorsRaised', ({ playerId, errors }) => {
    for (const error of errors)
      add(playerId, 'ERROR', `${error.errorType} ${error.code} ${JSON.stringify(error.data)}`);
  });
  await session.send('Media.enable');
  // The page's own warnings (hls.js's errors surface there) and, twice a second, each video
  // element's playhead, readiness and buffer: the moment the playhead stops is in the log.
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      add('page', message.type(), message.text().slice(0, 300));
  });
  const sampler = setInterval(() => {
    void page
      .evaluate(() =>
        Array.from(document.querySelectorAll('video'), (v) =>
          [
            `t=${v.currentTime.toFixed(2)}`,
            `rs=${v.readyState}`,
            `paused=${v.paused}`,
            `frames=${v.getVideoPlaybackQuality().totalVideoFrames}`,
            `buffered=${Array.from({ length: v.buffered.length }, (_, i) => `${v.buffered.start(i).toFixed(2)}-${v.buffered.end(i).toFixed(2)}`).join(',')}`,
          ].join(' '),
        ),
      )
      .then((videos) => videos.forEach((state, i) => add(`video${i}`, 'sample', state)))
      .catch(() => undefined);
  }, 500);

  return {
    lines: () => lines,
    notable: (limit = 40) =>
      lines
        .filter((line) =>
          / (warning|error|ERROR) |Buffering|kBufferingState|kIsStreaming/.test(line),
        )
        .slice(-limit),
    save: (file) => fs.writeFileSync(file, `${lines.join('\n')}\n`),
    stop: async () => {
      clearInterval(sampler);
      await session.send('Media.disable').catch(() => undefined);
      await session.detach().catch(() => undefined);
    },
  };
}
