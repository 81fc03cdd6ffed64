/**
 * A match as an iCalendar file (RFC 5545), written by the `ics` library: start and end in UTC
 * (a calendar shows them in the reader's zone), where it is played, and a link back to the
 * match on the site. A cancelled or abandoned match says so (STATUS:CANCELLED), so a calendar
 * that imported it earlier shows the change when the file is opened again.
 */
import { createEvent } from 'ics';
import type { CatalogEvent } from '@crease/contract';
import { MATCH_FORMAT_LABELS } from '@crease/contract';
import { watchUrl } from './reminder-mail';

export function calendarFile(event: CatalogEvent, leagueCaption: string, siteOrigin: string) {
  const link = watchUrl(siteOrigin, event.eventId);
  const off = event.status === 'cancelled' || event.status === 'abandoned';
  const { error, value } = createEvent({
    productId: 'crease/matches',
    uid: `${event.eventId}@crease`,
    title: event.title,
    description: `${leagueCaption}, ${MATCH_FORMAT_LABELS[event.format]}. Watch on Crease: ${link}`,
    location: `${event.venue.name}, ${event.venue.city}, ${event.venue.country}`,
    url: link,
    start: Date.parse(event.startTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.estimatedEnd),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: off ? 'CANCELLED' : 'CONFIRMED',
    categories: ['Cricket', leagueCaption],
  });
  // The input is the catalog's own validated event; a refusal here is a bug, not bad input.
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

/** A file name from the event id (ids are slugs: safe in a header as they are). */
export const calendarFileName = (eventId: string) => `${eventId}.ics`;
