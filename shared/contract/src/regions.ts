/**
 * The user profile's `region` (docs/product.md §3): where the viewer lives, for the tax rate of their
 * receipts (decisions 301, 350). `GLOBAL` (the default) or an ISO 3166-1 alpha-2 country code
 * assigned today; the API refuses anything else with VALIDATION_FAILED and the account screen
 * offers exactly these.
 */

/** The profile's region before the viewer chooses one: the tax table's fallback row. */
export const DEFAULT_REGION = 'GLOBAL';

/**
 * ISO 3166-1 alpha-2, officially assigned codes (249); no reserved or withdrawn ones. A string
 * split on first use, not a list built when the module loads: the shell's boot imports the
 * contract but not this, and a module-level call would ship the list in boot anyway.
 */
const ASSIGNED_COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE ' +
  'BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD ' +
  'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
  'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK ' +
  'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW';

let countries: readonly string[] | undefined;
let regions: ReadonlySet<string> | undefined;

/** Every assigned country code, in code order. */
export function countryCodes(): readonly string[] {
  countries ??= ASSIGNED_COUNTRY_CODES.split(' ');
  return countries;
}

/** True for a value the profile's `region` may hold: `GLOBAL` or an assigned country code. */
export function isRegion(value: string): boolean {
  regions ??= new Set([DEFAULT_REGION, ...countryCodes()]);
  return regions.has(value);
}

/** The API's VALIDATION_FAILED message for any other value. */
export const REGION_RULE =
  'Field "region" must be GLOBAL or a two-letter country code (ISO 3166-1 alpha-2) such as GB.';
