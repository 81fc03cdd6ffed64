import type { KyInstance } from 'ky';
import { followAccountLanguage } from './account-language';

/** An HTTP client whose GET answers when the test says. */
function slowHttp() {
  let answer: (body: unknown) => void = () => undefined;
  const http = {
    get: () => ({ json: () => new Promise((resolve) => (answer = resolve)) }),
  } as unknown as KyInstance;
  return { http, answer: (body: unknown) => answer(body) };
}

const signedIn = { isSignedIn: () => true, subscribe: () => () => undefined };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followAccountLanguage', () => {
  it("adopts the account's language read at sign-in", async () => {
    const { http, answer } = slowHttp();
    const adopted: unknown[] = [];
    const store = { choiceCount: () => 0, adoptAccountLanguage: (l: unknown) => adopted.push(l) };
    followAccountLanguage(http, signedIn, store);
    answer({ uiLanguage: 'hi' });
    await flush();
    expect(adopted).toEqual(['hi']);
  });

  it('ignores an answer older than a footer choice made while it was on its way', async () => {
    const { http, answer } = slowHttp();
    let choices = 0;
    const adopted: unknown[] = [];
    const store = {
      choiceCount: () => choices,
      adoptAccountLanguage: (l: unknown) => adopted.push(l),
    };
    followAccountLanguage(http, signedIn, store);
    choices += 1; // the viewer picks a language before the read answers
    answer({ uiLanguage: 'en' });
    await flush();
    expect(adopted).toEqual([]);
  });
});
