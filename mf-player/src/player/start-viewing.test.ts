/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { waitFor } from '@testing-library/react';
import { testServerForFile } from '@crease/test-utils';
import type { StreamGrant } from '@crease/contract';
import { PlayerCallError } from '../api/player-client';
import { grantFor, liveEvent, playerApi } from '../testing/player-fixtures';
import type { FakeApi } from '../testing/player-fixtures';
import { testPlatform } from '../testing/test-platform';
import { startViewing } from './start-viewing';

const server = testServerForFile();

/** The event read is answered only when the test says so. */
function holdEvent(api: FakeApi): () => void {
  let answer!: () => void;
  api.eventHeld = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return answer;
}

function start() {
  const ready: StreamGrant[] = [];
  const result = startViewing(
    testPlatform(server.origin).http,
    { eventId: 'mum-v-che', vidictId: 'this-device', edgeAddress: '', videoQuality: 'AUTO' },
    new AbortController().signal,
    { accountQuality: () => undefined, event: () => undefined, streamReady: (g) => ready.push(g) },
  );
  return { result, ready };
}

const closes = () =>
  server.requests.filter((r) => r.method === 'DELETE' && r.url.startsWith('/api/v1/streams/'));

describe('startViewing (decision 372)', () => {
  it("tells a live match's grant before the event is read, and resolves once it is", async () => {
    const event = liveEvent();
    const api: FakeApi = {
      event,
      timeline: [],
      videoQuality: 'HD',
      stream: () => ({ status: 201, body: grantFor(event) }),
    };
    const answerEvent = holdEvent(api);
    server.handle(playerApi(api));
    let settled = false;
    const { result, ready } = start();
    void result.finally(() => (settled = true));

    await waitFor(() => expect(ready).toHaveLength(1));
    expect(ready[0]?.streamId).toBe(grantFor(event).streamId);
    expect(settled).toBe(false);
    answerEvent();
    await expect(result).resolves.toMatchObject({ kind: 'live' });
  });

  it('tells nothing early for a match that has not started: it waits for the start time', async () => {
    const event = liveEvent({ eventStatus: 'not_started' });
    const api: FakeApi = {
      event,
      timeline: [],
      videoQuality: 'HD',
      stream: () => ({ status: 201, body: grantFor(event, { eventStatus: 'not_started' }) }),
    };
    server.handle(playerApi(api));
    const { result, ready } = start();

    await expect(result).resolves.toEqual({ kind: 'not-started', startTime: event.startTime });
    expect(ready).toEqual([]);
    await waitFor(() => expect(closes()).toHaveLength(1));
  });

  it("fails with the event's failure when the event read fails after the grant", async () => {
    const event = liveEvent();
    const api: FakeApi = {
      event: null,
      timeline: [],
      videoQuality: 'HD',
      stream: () => ({ status: 201, body: grantFor(event) }),
    };
    const answerEvent = holdEvent(api);
    server.handle(playerApi(api));
    const { result, ready } = start();

    await waitFor(() => expect(ready).toHaveLength(1));
    answerEvent();
    const failure = await result.then(
      () => null,
      (error: unknown) => (error instanceof PlayerCallError ? error.failure.kind : error),
    );
    expect(failure).toBe('not-found');
  });
});
