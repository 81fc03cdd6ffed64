/**
 * The operator API's bodies the catalog and streams tests create leagues and matches with: an
 * active league, and two teams at a venue playing a T20 from `start` to `end`. The one spelling
 * of each (they were copied into three test files).
 */
import type { EventCreate, LeagueCreate } from '@crease/contract';

export function testLeague(league: {
  leagueId: string;
  caption: string;
  description: string;
  logoAltText?: string;
  application?: string;
  active?: boolean;
}): LeagueCreate {
  return {
    leagueId: league.leagueId,
    caption: league.caption,
    description: league.description,
    logo: 'crease-premier-league',
    logoAltText: league.logoAltText ?? 'logo',
    application: league.application ?? 'cricket',
    status: 'in_progress',
    active: league.active ?? true,
  };
}

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
