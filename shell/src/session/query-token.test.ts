import { memoryStorage } from '@crease/test-utils';
import { consumeQueryToken } from './query-token';
import { TokenStore } from './token-store';

const REFERRER = 'https://partner.example/watch?match=7';

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  return { storage, store: new TokenStore(storage) };
}

describe('consumeQueryToken (SPEC §4)', () => {
  it('stores the referrer as forwarded and signs in with the query token when no forwarded marker exists', () => {
    const { storage, store } = setup();

    const result = consumeQueryToken(
      'https://www.crease.tv/plans?utm_source=partner&access_token=tok.en-1&lang=en#pricing',
      REFERRER,
      store,
    );

    expect(result.outcome).toBe('signed-in');
    expect(store.signedIn).toBe(true);
    expect(storage.entries()).toEqual({ access_token: 'tok.en-1', forwarded: REFERRER });
    expect(result.cleanUrl).toBe('/plans?utm_source=partner&lang=en#pricing');
  });

  it('stores an empty referrer as forwarded too (the marker is present, just empty)', () => {
    const { store } = setup();

    expect(consumeQueryToken('https://www.crease.tv/?access_token=abc', '', store)).toEqual({
      outcome: 'signed-in',
      cleanUrl: '/',
    });
    expect(store.forwarded).toBe('');
  });

  it('replaces old tokens when it signs in', () => {
    const { storage, store } = setup({ access_token: 'old', refresh_token: 'old-refresh' });

    consumeQueryToken('https://www.crease.tv/?access_token=new', REFERRER, store);

    expect(storage.entries()).toEqual({ access_token: 'new', forwarded: REFERRER });
  });

  it('does not sign in when a forwarded marker is already stored, but still strips the token', () => {
    const { storage, store } = setup({ forwarded: 'https://first.example/' });

    const result = consumeQueryToken(
      'https://www.crease.tv/events?access_token=abc&x=1',
      REFERRER,
      store,
    );

    expect(result).toEqual({ outcome: 'ignored-already-forwarded', cleanUrl: '/events?x=1' });
    expect(store.signedIn).toBe(false);
    expect(storage.entries()).toEqual({ forwarded: 'https://first.example/' });
  });

  it('treats a forwarded marker stored as an empty string as present', () => {
    const { store } = setup({ forwarded: '' });

    const result = consumeQueryToken('https://www.crease.tv/?access_token=abc', REFERRER, store);

    expect(result.outcome).toBe('ignored-already-forwarded');
    expect(store.signedIn).toBe(false);
  });

  it.each([
    ['markup', '<script>'],
    ['a 20 KB string', 'a'.repeat(20 * 1024)],
    ['spaces', 'abc def ghi'],
    ['an empty value', ''],
  ])('rejects %s as malformed, stores nothing and strips it', (_name, junk) => {
    const { storage, store } = setup();
    const href = `https://www.crease.tv/signin?returnTo=%2Fplans&access_token=${encodeURIComponent(junk)}`;

    const result = consumeQueryToken(href, REFERRER, store);

    expect(result).toEqual({
      outcome: 'rejected-malformed',
      cleanUrl: '/signin?returnTo=%2Fplans',
    });
    expect(storage.entries()).toEqual({});
    expect(store.signedIn).toBe(false);
  });

  it("returns 'none' and no clean URL when there is no access_token parameter", () => {
    const { storage, store } = setup();

    expect(consumeQueryToken('https://www.crease.tv/plans?token=abc#x', REFERRER, store)).toEqual({
      outcome: 'none',
      cleanUrl: null,
    });
    expect(storage.entries()).toEqual({});
  });
});
