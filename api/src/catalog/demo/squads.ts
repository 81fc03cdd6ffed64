/**
 * The demo's players (decision 225): eleven surnames per team, chosen from one pool by the team's
 * shortName, so a team fields the same side in every fixture. Batting order is the list order; the
 * sixth is the wicketkeeper and the last five bowl.
 */
import { randomFor } from './seeded-random';

const SURNAMES = [
  'Rahul',
  'Khan',
  'Smith',
  'Sharma',
  'Patel',
  'Iyer',
  'Jones',
  'Taylor',
  'Williams',
  'Gill',
  'Pandya',
  'Singh',
  'Ahmed',
  'Brown',
  'Wilson',
  'Clarke',
  'Nair',
  'Rao',
  'Menon',
  'Das',
  'Hughes',
  'Walker',
  'Evans',
  'Roy',
  'Kaur',
  'Mishra',
  'Chahal',
  'Jadeja',
  'Ashwin',
  'Bumrah',
  'Siraj',
  'Thakur',
  'Kishan',
  'Samson',
  'Dube',
  'Hooda',
  'Malik',
  'Bishnoi',
  'Chopra',
  'Kapoor',
  'Reddy',
  'Pillai',
  'Bose',
  'Ghosh',
  'Sen',
  'Mukherjee',
  'Yadav',
  'Verma',
  'Tiwari',
  'Joshi',
  'Morgan',
  'Archer',
  'Wood',
  'Curran',
  'Rashid',
  'Moeen',
  'Buttler',
  'Bairstow',
  'Stokes',
  'Root',
  'Warner',
  'Head',
  'Marsh',
  'Maxwell',
  'Starc',
  'Cummins',
  'Zampa',
  'Labuschagne',
  'Green',
  'Inglis',
  'Conway',
  'Latham',
  'Boult',
  'Southee',
  'Santner',
  'Phillips',
  'Mitchell',
  'Ravindra',
  'Henry',
  'Ferguson',
  'Babar',
  'Rizwan',
  'Shaheen',
  'Naseem',
  'Shadab',
  'Fakhar',
  'Imam',
  'Haris',
  'Asif',
  'Iftikhar',
  'de Kock',
  'Bavuma',
  'Rabada',
  'Nortje',
  'Maharaj',
  'Miller',
  'Klaasen',
  'Markram',
  'Jansen',
  'Ngidi',
] as const;

export const SQUAD_SIZE = 11;
export const KEEPER_INDEX = 5;
export const FIRST_BOWLER_INDEX = 6;

function squadFor(shortName: string, avoid: ReadonlySet<string>): string[] {
  const random = randomFor(`squad:${shortName}`);
  const pool = SURNAMES.filter((name) => !avoid.has(name));
  const squad: string[] = [];
  while (squad.length < SQUAD_SIZE) {
    const [name] = pool.splice(Math.floor(random() * pool.length), 1);
    squad.push(name!);
  }
  return squad;
}

/** Both sides' elevens; the away side never shares a surname with the home side. */
export function squads(homeShortName: string, awayShortName: string): [string[], string[]] {
  const home = squadFor(homeShortName, new Set());
  return [home, squadFor(awayShortName, new Set(home))];
}
