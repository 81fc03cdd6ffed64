import type { Problem } from '@crease/contract';
import type { Translator } from '@crease/ui/i18n';
import type { BillingMessageKey } from './index';

type Words = Pick<Translator<BillingMessageKey>, 'language' | 't'>;

/**
 * An API problem as the viewer reads it: in English the API's own wording; in another language
 * the catalogue's message for its code (`problem.<CODE>`), or the API's English when the
 * catalogue has none (docs/i18n.md).
 */
export function problemText(problem: Pick<Problem, 'code' | 'message'>, words: Words): string {
  if (words.language === 'en') return problem.message;
  const key = `problem.${problem.code}` as BillingMessageKey;
  const translated = words.t(key);
  return translated === key ? problem.message : translated;
}
