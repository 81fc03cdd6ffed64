/** @jest-environment node */
import { SignalQueue } from './release-signals';

/** A beacon transport that records what would have gone over the wire. */
function beacons() {
  const sent: { url: string; events: { kind: string; version: string }[] }[] = [];
  return {
    sent,
    transport: {
      sendBeacon: (url: string, data: Blob) => {
        void data
          .text()
          .then((text) =>
            sent.push({ url, events: (JSON.parse(text) as { events: never[] }).events }),
          );
        return true;
      },
    },
  };
}

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('SignalQueue', () => {
  it('sends one batch when the page is hidden, with every signal the page queued', async () => {
    const { sent, transport } = beacons();
    const queue = new SignalQueue({ url: 'https://crease.test/_ops/signals', transport });
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), {
      visibilityState: 'visible' as DocumentVisibilityState,
    });
    queue.listen(win as unknown as Window, doc as unknown as Document);
    queue.view('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.loadFailure('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.fallback('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.vital('mf-legal', '1.0.0-aaaaaaaaaa', 'LCP', 1234.5678);
    queue.vital('mf-legal', '1.0.0-aaaaaaaaaa', 'CLS', Number.NaN); // not a measurement: dropped
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('pagehide')); // nothing left to send
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://crease.test/_ops/signals');
    expect(sent[0]?.events).toEqual([
      { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'view' },
      { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'load-failure' },
      { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'fallback' },
      {
        remote: 'mf-legal',
        version: '1.0.0-aaaaaaaaaa',
        kind: 'vital',
        name: 'LCP',
        value: 1234.568,
      },
    ]);
  });

  it('sends a long-lived tab’s signals a few seconds after the first, and full batches at once', async () => {
    jest.useFakeTimers();
    try {
      const { sent, transport } = beacons();
      const queue = new SignalQueue({ url: '/s', transport, delayMs: 5000 });
      queue.view('mf-catalog', '1.0.0-bbbbbbbbbb');
      jest.advanceTimersByTime(4999);
      await Promise.resolve();
      expect(sent).toHaveLength(0);
      jest.advanceTimersByTime(1);
      for (let i = 0; i < 50; i += 1) queue.crash('mf-catalog', '1.0.0-bbbbbbbbbb');
      jest.useRealTimers();
      await flushPromises();
      expect(sent.map((batch) => batch.events.length)).toEqual([1, 50]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('names the viewer signed in at send time in every batch, and nobody once they sign out (decision 411)', async () => {
    const bodies: unknown[] = [];
    let token: string | null = 'header.payload.signature';
    const queue = new SignalQueue({
      url: '/s',
      viewer: () => token,
      proofFor: () => 'proof.sig',
      transport: {
        sendBeacon: (_url: string, data: Blob) => {
          void data.text().then((text) => bodies.push(JSON.parse(text)));
          return true;
        },
      },
    });
    queue.view('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.flush();
    token = null;
    queue.view('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.flush();
    await flushPromises();
    const view = { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'view' };
    expect(bodies).toEqual([
      { proof: 'proof.sig', viewer: 'header.payload.signature', events: [view] },
      { proof: 'proof.sig', events: [view] },
    ]);
  });

  it('never throws when the browser refuses the beacon and fetch fails', () => {
    const queue = new SignalQueue({
      url: '/s',
      transport: {
        sendBeacon: () => {
          throw new Error('quota');
        },
        fetchImpl: () => Promise.reject(new Error('offline')),
      },
    });
    queue.view('mf-legal', '1.0.0-aaaaaaaaaa');
    expect(() => queue.flush()).not.toThrow();
  });
});
