import type {
  Problem,
  SandboxPaymentResult,
  SandboxSessionView,
  ScreenProps,
} from '@crease/contract';

/** What each step of the hosted card page gets. */
export interface StepProps {
  session: SandboxSessionView;
  platform: ScreenProps['platform'];
  amount: string;
  onResult(result: SandboxPaymentResult): void;
  onProblem(problem: Problem): void;
}

/**
 * The provider refused the payment (402). Like a real hosted page, this one hands the browser
 * back to the merchant, whose page learns the outcome from the provider's webhook.
 */
export const REFUSALS = new Set([
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_FAILED',
  'UPI_DECLINED',
]);
