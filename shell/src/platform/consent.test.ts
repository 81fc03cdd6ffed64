import { CONSENT_STORAGE } from '@crease/contract';
import type { KyInstance } from 'ky';
import { createAnalytics } from './analytics';
import { ConsentStore, needsConsentChoice } from './consent';

function clearConsentCookie() {
  document.cookie = `${CONSENT_STORAGE.cookie}=; Path=/; Max-Age=0`;
}

function fakeHttp() {
  const posts: string[] = [];
  const http = {
    post: (path: string) => {
      posts.push(path);
      return Promise.resolve(undefined);
    },
  } as unknown as KyInstance;
  return { http, posts };
}

beforeEach(clearConsentCookie);

describe('needsConsentChoice: the documented guess of decision 436', () => {
  it.each([
    ['Europe/London', ['en-US']],
    ['Europe/Berlin', ['de-DE']],
    ['Europe/Dublin', ['en-IE']],
    ['Atlantic/Canary', ['es-ES']],
    [undefined, ['en-GB']],
    [undefined, ['fr-FR', 'en']],
  ])('asks a visitor in %s with %j', (zone, langs) => {
    expect(needsConsentChoice(zone, langs)).toBe(true);
  });

  it.each([
    ['America/New_York', ['en-US']],
    ['America/New_York', ['en-GB']],
    ['Asia/Kolkata', ['hi-IN']],
    ['Australia/Sydney', ['en-AU']],
    ['Europe/Moscow', ['ru-RU']],
    [undefined, ['en-US']],
    [undefined, ['en']],
  ])('does not ask a visitor in %s with %j', (zone, langs) => {
    expect(needsConsentChoice(zone, langs)).toBe(false);
  });
});

describe('ConsentStore', () => {
  it('opens the banner on a first visit that needs a choice, and stores the choice in the cookie', () => {
    const consent = new ConsentStore(true);
    expect(consent.bannerOpen()).toBe(true);
    expect(consent.analyticsAllowed()).toBe(false);

    consent.choose({ analytics: false });
    expect(consent.bannerOpen()).toBe(false);
    expect(document.cookie).toContain(`${CONSENT_STORAGE.cookie}=v1.analytics=0`);
    // The next visit reads the choice: no banner, analytics still off.
    const next = new ConsentStore(true);
    expect(next.bannerOpen()).toBe(false);
    expect(next.analyticsAllowed()).toBe(false);
  });

  it('survives localStorage.clear() (sign-out)', () => {
    new ConsentStore(true).choose({ analytics: true });
    localStorage.clear();
    expect(new ConsentStore(true).current()).toEqual({ analytics: true });
  });

  it('shows no banner where no choice is needed, and the footer reopens it', () => {
    const consent = new ConsentStore(false);
    expect(consent.bannerOpen()).toBe(false);
    expect(consent.analyticsAllowed()).toBe(true);
    consent.openSettings();
    expect(consent.bannerOpen()).toBe(true);
    consent.choose({ analytics: false });
    expect(consent.bannerOpen()).toBe(false);
    expect(consent.analyticsAllowed()).toBe(false);
  });

  it('ignores a cookie it did not write', () => {
    document.cookie = `${CONSENT_STORAGE.cookie}=yes; Path=/`;
    expect(new ConsentStore(true).bannerOpen()).toBe(true);
  });
});

describe('analytics wait for consent (issue 34 §5)', () => {
  it('sends nothing before the choice, then what waited after Accept', () => {
    const consent = new ConsentStore(true);
    const { http, posts } = fakeHttp();
    const analytics = createAnalytics(http, consent);
    analytics.pageView({ path: '/', title: 'Crease', referrer: '' });
    analytics.track({ name: 'x' });
    expect(posts).toEqual([]);

    consent.choose({ analytics: true });
    expect(posts).toHaveLength(2);
    analytics.pageView({ path: '/plans', title: 'Crease', referrer: '' });
    expect(posts).toHaveLength(3);
  });

  it('sends nothing, then or later, after Reject all', () => {
    const consent = new ConsentStore(true);
    const { http, posts } = fakeHttp();
    const analytics = createAnalytics(http, consent);
    analytics.pageView({ path: '/', title: 'Crease', referrer: '' });
    consent.choose({ analytics: false });
    analytics.pageView({ path: '/plans', title: 'Crease', referrer: '' });
    expect(posts).toEqual([]);
  });

  it('sends at once where no choice is needed, and stops when the visitor opts out', () => {
    const consent = new ConsentStore(false);
    const { http, posts } = fakeHttp();
    const analytics = createAnalytics(http, consent);
    analytics.pageView({ path: '/', title: 'Crease', referrer: '' });
    expect(posts).toHaveLength(1);
    consent.choose({ analytics: false });
    analytics.pageView({ path: '/plans', title: 'Crease', referrer: '' });
    expect(posts).toHaveLength(1);
  });
});
