import { acceptableUsePolicy } from './acceptable-use-policy';
import { accessibilityStatement } from './accessibility-statement';
import { cookiePolicy } from './cookie-policy';
import type { PolicyDocument } from './policy-document';
import { privacyPolicy } from './privacy-policy';
import { refundPolicy } from './refund-policy';
import { termsOfService } from './terms-of-service';

/** Policy documents by screen id (the shell's route table uses the same ids). */
export const POLICIES: Readonly<Record<PolicyDocument['id'], PolicyDocument>> = {
  'acceptable-use-policy': acceptableUsePolicy,
  'privacy-policy': privacyPolicy,
  'terms-of-service': termsOfService,
  'cookie-policy': cookiePolicy,
  'refund-policy': refundPolicy,
  'accessibility-statement': accessibilityStatement,
};

export function findPolicy(screen: string): PolicyDocument | undefined {
  return Object.hasOwn(POLICIES, screen) ? POLICIES[screen as PolicyDocument['id']] : undefined;
}
