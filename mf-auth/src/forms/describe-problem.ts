import type { Problem } from '@crease/contract';
import type { Translator } from '@crease/ui/i18n';
import { authMessages } from '../messages';
import type { AuthMessageKey } from '../messages';

type Words = Pick<Translator<AuthMessageKey>, 'language' | 't' | 'number'>;

const english = (): Words => authMessages.translator('en') as Words;

/** "30 seconds", "2 minutes": a wait rounded up, so the viewer never retries too early. */
export function formatWait(seconds: number, words: Words = english()): string {
  const [value, unit] =
    seconds < 60 ? [Math.ceil(seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return words.number(value, { style: 'unit', unit, unitDisplay: 'long' });
}

/**
 * The message of an API problem, with how long to wait when it is a rate limit (a 429 on
 * register, reset or sign-in) and the API sent Retry-After. In English it is the API's own
 * wording; in another language the catalogue's message for its code (`problem.<CODE>`), or the
 * API's English when the catalogue has none.
 */
export function describeProblem(problem: Problem, words: Words = english()): string {
  const key = `problem.${problem.code}` as AuthMessageKey;
  const translated = words.language === 'en' ? key : words.t(key);
  const message = translated === key ? problem.message : translated;
  if (problem.status === 429 && problem.retryAfter) {
    return words.t('problem.retryIn', { message, wait: formatWait(problem.retryAfter, words) });
  }
  return message;
}
