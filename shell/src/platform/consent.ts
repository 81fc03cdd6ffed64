import { CONSENT_STORAGE } from '@crease/contract';

/** What a visitor allowed. Strictly necessary storage never needs consent (decision 436). */
export interface ConsentChoice {
  analytics: boolean;
}

/**
 * EU and EEA members, the UK and Switzerland: the countries whose cookie rules ask for a choice
 * before anything optional runs (ePrivacy Directive, UK PECR).
 */
const CONSENT_COUNTRIES = new Set(
  (
    'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' +
    'IS LI NO GB CH'
  ).split(' '),
);

/** European time zones outside the countries above (Russia, Turkey, Belarus, Ukraine...). */
const NON_CONSENT_ZONES = new Set([
  'Europe/Moscow',
  'Europe/Istanbul',
  'Europe/Minsk',
  'Europe/Kaliningrad',
  'Europe/Samara',
  'Europe/Volgograd',
  'Europe/Kirov',
  'Europe/Astrakhan',
  'Europe/Saratov',
  'Europe/Ulyanovsk',
]);

/**
 * Whether this visitor must choose before analytics run: a documented guess (decision 436).
 * The time zone decides when it is a European one (a London time zone with a US browser
 * language is a visitor in London); else the language's region (en-GB, de-DE); else no.
 * Erring towards asking is safe: a visitor asked who need not be loses nothing.
 */
export function needsConsentChoice(timeZone: string | undefined, languages: readonly string[]) {
  if (timeZone?.startsWith('Europe/')) return !NON_CONSENT_ZONES.has(timeZone);
  if (timeZone === 'Atlantic/Canary' || timeZone === 'Atlantic/Madeira') return true;
  if (timeZone === 'Atlantic/Azores' || timeZone === 'Atlantic/Reykjavik') return true;
  // A known time zone elsewhere (America/New_York) wins over a British browser language.
  if (timeZone) return false;
  return languages.some((tag) => {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
    return region !== undefined && CONSENT_COUNTRIES.has(region);
  });
}

/** The browser's own answer to needsConsentChoice. */
export function browserNeedsConsentChoice(): boolean {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return needsConsentChoice(timeZone, navigator.languages ?? [navigator.language]);
}

const SIX_MONTHS_S = 182 * 24 * 60 * 60;

function readCookie(doc: Document): ConsentChoice | null {
  const prefix = `${CONSENT_STORAGE.cookie}=`;
  const raw = doc.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (raw === 'v1.analytics=1') return { analytics: true };
  if (raw === 'v1.analytics=0') return { analytics: false };
  return null;
}

/**
 * The visitor's consent: read from and written to the consent cookie, with subscribers (the
 * banner, the analytics queue). Until a choice is made, `analyticsAllowed()` is false where a
 * choice is needed and true elsewhere (no banner: the choice can still be changed in the footer).
 */
export class ConsentStore {
  private choice: ConsentChoice | null;
  private settingsOpen = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly needsChoice: boolean,
    private readonly doc: Document = document,
  ) {
    this.choice = readCookie(doc);
  }

  /** The banner shows: a first visit that needs a choice, or the footer's "Cookie settings". */
  bannerOpen(): boolean {
    return this.settingsOpen || (this.needsChoice && this.choice === null);
  }

  current(): ConsentChoice | null {
    return this.choice;
  }

  analyticsAllowed(): boolean {
    return this.choice ? this.choice.analytics : !this.needsChoice;
  }

  /** Undecided where a choice is needed: analytics wait rather than being dropped or sent. */
  pending(): boolean {
    return this.needsChoice && this.choice === null;
  }

  choose(choice: ConsentChoice): void {
    this.choice = { analytics: choice.analytics };
    this.settingsOpen = false;
    const secure = this.doc.location?.protocol === 'https:' ? '; Secure' : '';
    this.doc.cookie =
      `${CONSENT_STORAGE.cookie}=v1.analytics=${choice.analytics ? 1 : 0}; Path=/; ` +
      `Max-Age=${SIX_MONTHS_S}; SameSite=Lax${secure}`;
    this.emit();
  }

  openSettings(): void {
    this.settingsOpen = true;
    this.emit();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
