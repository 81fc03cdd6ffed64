/**
 * The operator API's event body the catalog and streams tests create matches with: two teams, a
 * venue and a T20 from `start` to `end`. The one spelling of a test match (it was copied into
 * three test files).
 */
import type { EventCreate } from '@crease/contract';

export function testEvent(match: {
  eventId: string;
  leagueId: string;
  title: string;
  start: Date;
  end: Date;
}): EventCreate {
  return {
    eventId: match.eventId,
    leagueId: match.leagueId,
    title: match.title,
    teams: [
      {
        name: 'Northern Owls',
        shortName: 'NOW',
        colours: { primary: '#112233', secondary: '#ffffff' },
      },
      {
        name: 'Southern Foxes',
        shortName: 'SOF',
        colours: { primary: '#aa3300', secondary: '#000000' },
      },
    ],
    venue: { name: 'Test Oval', city: 'Leeds', country: 'England' },
    format: 't20',
    startTime: match.start.toISOString(),
    estimatedEnd: match.end.toISOString(),
    channelId: `ch-${match.eventId}`,
  };
}
