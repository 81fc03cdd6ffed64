import { CATALOG_PATHS, PRODUCER_PATHS } from '@crease/contract';
import type {
  CatalogEvent,
  ChannelHealth,
  EventCreate,
  EventUpdate,
  League,
  LeagueCreate,
  MatchStateChange,
  ProducerMatchAnswer,
  ProducerSchedule,
} from '@crease/contract';
import { call, fill } from './staff-client';

/**
 * The producer's calls (issue 33 §2): the schedule through the catalog's operator routes with the
 * staff session (decision 447), go live and end, and a channel's health and slate.
 */
export function producerCalls(apiOrigin: string, token: string) {
  return {
    schedule: () => call<ProducerSchedule>(apiOrigin, token, 'GET', PRODUCER_PATHS.schedule),
    logos: () =>
      call<{ items: { logo: string; logoFilename: string }[] }>(
        apiOrigin,
        token,
        'GET',
        CATALOG_PATHS.operatorLogos,
      ),
    createLeague: (body: LeagueCreate) =>
      call<League>(apiOrigin, token, 'POST', CATALOG_PATHS.operatorLeagues, body),
    createMatch: (body: EventCreate) =>
      call<CatalogEvent>(apiOrigin, token, 'POST', CATALOG_PATHS.operatorEvents, body),
    editMatch: (eventId: string, body: EventUpdate) =>
      call<CatalogEvent>(
        apiOrigin,
        token,
        'PATCH',
        `${CATALOG_PATHS.operatorEvents}/${encodeURIComponent(eventId)}`,
        body,
      ),
    /** Postpone, cancel or put back on the schedule: the catalog's legal moves only. */
    matchState: (eventId: string, body: MatchStateChange) =>
      call<CatalogEvent>(
        apiOrigin,
        token,
        'POST',
        `${CATALOG_PATHS.operatorEvents}/${encodeURIComponent(eventId)}/state`,
        body,
      ),
    goLive: (eventId: string) =>
      call<ProducerMatchAnswer>(
        apiOrigin,
        token,
        'POST',
        fill(PRODUCER_PATHS.goLive, { eventId }),
        {},
      ),
    endMatch: (eventId: string, result: string) =>
      call<ProducerMatchAnswer>(apiOrigin, token, 'POST', fill(PRODUCER_PATHS.end, { eventId }), {
        ...(result.trim() ? { result: result.trim() } : {}),
      }),
    channelHealth: (channelId: string) =>
      call<ChannelHealth>(apiOrigin, token, 'GET', fill(PRODUCER_PATHS.health, { channelId })),
    setSlate: (channelId: string, on: boolean) =>
      call<ChannelHealth>(apiOrigin, token, 'PUT', fill(PRODUCER_PATHS.slate, { channelId }), {
        on,
      }),
  };
}
