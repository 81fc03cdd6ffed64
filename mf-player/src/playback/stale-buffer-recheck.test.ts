import { Events } from 'hls.js';
import { recheckBufferOnSeek } from './stale-buffer-recheck';

/** A video element whose buffer and playhead the test sets, as MSE would. */
function videoWith(ranges: Array<[number, number]>) {
  const media = document.createElement('video');
  const buffered = {
    length: ranges.length,
    start: (i: number) => ranges[i]![0],
    end: (i: number) => ranges[i]![1],
  };
  Object.defineProperty(media, 'buffered', { get: () => buffered });
  let time = 0;
  Object.defineProperty(media, 'currentTime', { get: () => time });
  const seekTo = (to: number) => {
    time = to;
    media.dispatchEvent(new Event('seeking'));
  };
  return { media, seekTo };
}

describe('recheckBufferOnSeek (decision 382)', () => {
  it('tells hls.js its video buffer was flushed when a seek lands where nothing is buffered', () => {
    const trigger = jest.fn();
    const { media, seekTo } = videoWith([[17_100, 17_130]]);
    recheckBufferOnSeek({ trigger } as never, media, Events.BUFFER_FLUSHED);
    seekTo(4.01);
    expect(trigger).toHaveBeenCalledTimes(1);
    expect(trigger).toHaveBeenCalledWith(Events.BUFFER_FLUSHED, {
      type: 'video',
      start: 0,
      end: 0,
    });
  });

  it('says nothing for a seek inside the buffer, and nothing once removed', () => {
    const trigger = jest.fn();
    const { media, seekTo } = videoWith([
      [0, 30],
      [17_100, 17_130],
    ]);
    const stop = recheckBufferOnSeek({ trigger } as never, media, Events.BUFFER_FLUSHED);
    seekTo(4.01);
    seekTo(17_120);
    expect(trigger).not.toHaveBeenCalled();
    stop();
    seekTo(40);
    expect(trigger).not.toHaveBeenCalled();
  });
});
