/**
 * The contract's own English (its validators, docs/product.md §8's messages) and the API's
 * problems, in the viewer's language. The contract keeps one English wording that the API and
 * every front end share; this remote maps each to a message id of its catalogues, and the
 * catalogue test checks that the English catalogue still says exactly what the contract says.
 */
import { MESSAGES, PASSWORD_RULES } from '@crease/contract';
import type { Translator } from '@crease/ui/i18n';
import type { AuthMessageKey } from './index';

export const CONTRACT_TEXT: Readonly<Record<string, AuthMessageKey>> = {
  'Enter your email address.': 'validation.emailEmpty',
  'Email addresses are at most 254 characters.': 'validation.emailTooLong',
  'Enter an email address like name@example.com.': 'validation.emailInvalid',
  'Use at least 8 characters.': 'validation.passwordShort',
  'Use at most 128 characters.': 'validation.passwordLong',
  'A password cannot be only spaces.': 'validation.passwordSpaces',
  'That password is too common. Choose another.': 'validation.passwordCommon',
  'Your password must not contain your email address.': 'validation.passwordEmail',
  [PASSWORD_RULES]: 'field.passwordRules',
  [MESSAGES.resetLinkExpired]: 'message.resetLinkExpired',
  [MESSAGES.genericError]: 'message.genericError',
  [MESSAGES.resetEmailSent]: 'message.resetEmailSent',
  [MESSAGES.signInCodeSent]: 'message.signInCodeSent',
};

/** A contract wording in the viewer's language; any other text as it is. */
export function localizeText(text: string, { t }: Pick<Translator<AuthMessageKey>, 't'>): string {
  const key = CONTRACT_TEXT[text];
  return key ? t(key) : text;
}
