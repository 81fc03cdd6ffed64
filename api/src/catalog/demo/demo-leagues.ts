/**
 * The rolling demo's leagues and their fixture templates (decision 073). Fictional teams; the
 * slot pattern is chosen so that some match is always live: Premier League T20s start every 4 h
 * on the hour (00:00, 04:00 … UTC, 3 h 30 min each) and Coastal Hundred matches every 4 h at
 * half past two (02:30, 06:30 …, 2 h 45 min each), so their live windows overlap end to end.
 */
import type { LeagueCreate, MatchFormat, Team, Venue } from '@crease/contract';

export interface DemoTeam extends Team {
  venue: Venue;
}

export interface DemoTemplate {
  league: LeagueCreate;
  /** Event ids are `<prefix>-<yyyymmdd>-<hhmm>` of the slot's start (UTC). */
  prefix: string;
  format: MatchFormat;
  /** Balls per innings: 120 (T20), 100 (The Hundred), 300 (ODI). */
  balls: number;
  periodMinutes: number;
  /** First slot of each UTC day, minutes after midnight (slots repeat every period). */
  offsetMinutes: number;
  durationMinutes: number;
  /** Runs per ball, the range a first innings is drawn from. */
  runRate: [number, number];
  teams: DemoTeam[];
}

const HOUR = 60;

const team = (
  name: string,
  shortName: string,
  primary: string,
  secondary: string,
  venue: Venue,
): DemoTeam => ({ name, shortName, colours: { primary, secondary }, venue });

export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    league: {
      leagueId: 'crease-premier-league',
      caption: 'Crease Premier League',
      description:
        'Eight city franchises, twenty overs a side, every evening under the lights. The fastest cricket on Crease.',
      logo: 'crease-premier-league',
      logoAltText: 'Crease Premier League logo: a gold cricket ball over a crimson shield',
      application: 'live',
      status: 'in_progress',
      active: true,
    },
    prefix: 'cpl',
    format: 't20',
    balls: 120,
    periodMinutes: 4 * HOUR,
    offsetMinutes: 0,
    durationMinutes: 3.5 * HOUR,
    runRate: [1.25, 1.6],
    teams: [
      team('Mumbai Mariners', 'MUM', '#0b3d91', '#f2c230', {
        name: 'Harbour Oval',
        city: 'Mumbai',
        country: 'India',
      }),
      team('Chennai Chargers', 'CHE', '#f5c518', '#1b1b1b', {
        name: 'Marina Park',
        city: 'Chennai',
        country: 'India',
      }),
      team('Bengaluru Blasters', 'BLR', '#c8102e', '#111111', {
        name: 'Garden City Ground',
        city: 'Bengaluru',
        country: 'India',
      }),
      team('Delhi Dynamos', 'DEL', '#1e4fbf', '#e63946', {
        name: 'Yamuna Stadium',
        city: 'Delhi',
        country: 'India',
      }),
      team('Kolkata Cyclones', 'KOL', '#4b1f7a', '#d4a017', {
        name: 'Hooghly Gardens',
        city: 'Kolkata',
        country: 'India',
      }),
      team('Hyderabad Hawks', 'HYD', '#f26522', '#000000', {
        name: 'Deccan Arena',
        city: 'Hyderabad',
        country: 'India',
      }),
      team('Jaipur Jaguars', 'JAI', '#e4007c', '#1c2e5a', {
        name: 'Pink City Oval',
        city: 'Jaipur',
        country: 'India',
      }),
      team('Punjab Panthers', 'PUN', '#d71920', '#c0c0c0', {
        name: 'Five Rivers Ground',
        city: 'Mohali',
        country: 'India',
      }),
    ],
  },
  {
    league: {
      leagueId: 'coastal-hundred',
      caption: 'The Coastal Hundred',
      description:
        'One hundred balls an innings between six seaside sides: short, loud and over before the tide turns.',
      logo: 'coastal-hundred',
      logoAltText: 'The Coastal Hundred logo: a teal wave breaking into the number 100',
      application: 'live',
      status: 'in_progress',
      active: true,
    },
    prefix: 'c100',
    format: 'the_hundred',
    balls: 100,
    periodMinutes: 4 * HOUR,
    offsetMinutes: 2.5 * HOUR,
    durationMinutes: 2.75 * HOUR,
    runRate: [1.3, 1.65],
    teams: [
      team('Brighton Breakers', 'BRI', '#00a3ad', '#ffffff', {
        name: 'Seafront Ground',
        city: 'Brighton',
        country: 'England',
      }),
      team('Cardiff Corsairs', 'CAR', '#231f20', '#e31b23', {
        name: 'Bay Oval',
        city: 'Cardiff',
        country: 'Wales',
      }),
      team('Plymouth Pilots', 'PLY', '#003b6f', '#9bd3dd', {
        name: 'Hoe Park',
        city: 'Plymouth',
        country: 'England',
      }),
      team('Whitby Whalers', 'WHI', '#2e5e4e', '#f4e04d', {
        name: 'Abbey Field',
        city: 'Whitby',
        country: 'England',
      }),
      team('Scarborough Sharks', 'SCA', '#5b6770', '#ff6f3c', {
        name: 'North Bay Ground',
        city: 'Scarborough',
        country: 'England',
      }),
      team('Swansea Swifts', 'SWA', '#7a003c', '#f8b400', {
        name: 'Mumbles Road',
        city: 'Swansea',
        country: 'Wales',
      }),
    ],
  },
  {
    league: {
      leagueId: 'continental-odi-series',
      caption: 'Continental ODI Series',
      description:
        'Fifty-over internationals between eight nations, one a day, through a long southern summer.',
      logo: 'continental-odi-series',
      logoAltText: 'Continental ODI Series logo: a navy globe crossed by two bats',
      application: 'live',
      status: 'in_progress',
      active: true,
    },
    prefix: 'odi',
    format: 'odi',
    balls: 300,
    periodMinutes: 24 * HOUR,
    offsetMinutes: 8 * HOUR,
    durationMinutes: 8 * HOUR,
    runRate: [0.85, 1.15],
    teams: [
      team('India', 'IND', '#0a5eb0', '#ff9933', {
        name: 'Eden Park Oval',
        city: 'Ahmedabad',
        country: 'India',
      }),
      team('Australia', 'AUS', '#ffcd00', '#00843d', {
        name: 'Southern Cross Ground',
        city: 'Melbourne',
        country: 'Australia',
      }),
      team('England', 'ENG', '#012169', '#c8102e', {
        name: 'Riverside',
        city: 'Chester-le-Street',
        country: 'England',
      }),
      team('South Africa', 'RSA', '#007749', '#ffb612', {
        name: 'Highveld Oval',
        city: 'Johannesburg',
        country: 'South Africa',
      }),
      team('New Zealand', 'NZ', '#000000', '#ffffff', {
        name: 'Basin Park',
        city: 'Wellington',
        country: 'New Zealand',
      }),
      team('Pakistan', 'PAK', '#01411c', '#ffffff', {
        name: 'Gaddafi Oval',
        city: 'Lahore',
        country: 'Pakistan',
      }),
      team('Sri Lanka', 'SL', '#0b2c6b', '#ffbe29', {
        name: 'Galle Fort Ground',
        city: 'Galle',
        country: 'Sri Lanka',
      }),
      team('West Indies', 'WI', '#7b0041', '#f2c75c', {
        name: 'Kensington Park',
        city: 'Bridgetown',
        country: 'Barbados',
      }),
    ],
  },
];
