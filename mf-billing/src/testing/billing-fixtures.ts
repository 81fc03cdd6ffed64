/**
 * The billing API's answers as fixtures for mf-billing's component tests (billing-api.ts serves
 * them over a real local HTTP server): plans, subscriptions, the trial offer, checkouts, payments
 * and history, receipts, the account overview and the screens playing now.
 */
import type {
  AccountOverview,
  BillingHistoryEntry,
  BillingHistoryPage,
  Checkout,
  Entitlement,
  Payment,
  PaymentPage,
  PaymentReceipt,
  Plan,
  SandboxSessionView,
  Subscription,
  TrialOffer,
} from '@crease/contract';
import { TEST_DEVICE } from './test-platform';

const plan = (overrides: Partial<Plan>): Plan => ({
  planId: 'plan',
  planName: 'Plan',
  description: '',
  maxDevices: 1,
  duration: 30,
  orderNumber: 1,
  price: 1,
  active: true,
  status: 'ACTIVE',
  trial: false,
  renews: false,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Out of order on purpose: the screen sorts by orderNumber. */
export const PLANS: Plan[] = [
  plan({
    planId: 'season',
    planName: 'Season Pass',
    description: 'Every match of the season.',
    maxDevices: 4,
    duration: 365,
    orderNumber: 3,
    price: 79.99,
  }),
  plan({
    planId: 'trial',
    planName: 'Free trial',
    duration: 7,
    orderNumber: 0,
    price: 0,
    trial: true,
  }),
  plan({
    planId: 'weekly',
    planName: 'Match Week',
    description: 'A week of live cricket.',
    maxDevices: 1,
    duration: 7,
    orderNumber: 1,
    price: 4.99,
  }),
  plan({
    planId: 'retired',
    planName: 'Old Plan',
    orderNumber: 2,
    price: 1,
    active: false,
    status: 'INACTIVE',
  }),
  plan({
    planId: 'monthly',
    planName: 'Monthly',
    description: 'A month of every league.',
    maxDevices: 2,
    duration: 30,
    orderNumber: 2,
    price: 9.99,
    renews: true,
  }),
  plan({
    planId: 'annual',
    planName: 'Annual',
    description: 'A year of every league.',
    maxDevices: 4,
    duration: 365,
    orderNumber: 4,
    price: 69.99,
    renews: true,
  }),
];

export const NO_SUBSCRIPTION: Subscription = {
  state: 'NONE',
  planId: null,
  planName: null,
  periodStart: null,
  periodEnd: null,
  cancelledAt: null,
  entitled: false,
  kind: null,
  renews: false,
  nextRenewalAt: null,
  renewalFailures: 0,
  graceUntil: null,
  pendingPlanId: null,
  pendingPlanName: null,
  renewalAmount: null,
  endedReason: null,
};

export const ACTIVE_MONTHLY: Subscription = {
  state: 'ACTIVE',
  planId: 'monthly',
  planName: 'Monthly',
  periodStart: '2026-11-01T10:00:00.000Z',
  periodEnd: '2026-12-01T10:00:00.000Z',
  cancelledAt: null,
  entitled: true,
  kind: 'SUBSCRIPTION',
  renews: true,
  nextRenewalAt: '2026-12-01T10:00:00.000Z',
  renewalFailures: 0,
  graceUntil: null,
  pendingPlanId: null,
  pendingPlanName: null,
  renewalAmount: 9.99,
  endedReason: null,
};

/** A pass: it ends on its date and never renews. */
export const ACTIVE_SEASON_PASS: Subscription = {
  ...ACTIVE_MONTHLY,
  planId: 'season',
  planName: 'Season Pass',
  kind: 'PASS',
  renews: false,
  nextRenewalAt: null,
};

export const TRIAL_OFFER: TrialOffer = {
  planId: 'trial',
  limits: { days: 7, overallMinutes: 300, dailyMinutes: 60 },
  available: true,
  reason: null,
};

export function entitlement(overrides: Partial<Entitlement> = {}): Entitlement {
  return {
    entitled: false,
    reason: 'NO_PLAN',
    state: 'NONE',
    planId: null,
    periodEnd: null,
    trialSecondsLeft: null,
    trialTodaySecondsLeft: null,
    vidictId: TEST_DEVICE.vidictId,
    deviceRegistered: true,
    checkedAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

export function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    checkoutId: 'co-1',
    status: 'OPEN',
    planId: 'monthly',
    planName: 'Monthly',
    amount: 7.99,
    listPrice: 9.99,
    currency: 'USD',
    couponCode: 'WELCOME20',
    percentage: 20,
    couponReservation: 'HELD',
    paymentSystem: 'SANDBOX',
    sessionId: 'cs_test_session1',
    redirectUrl: 'http://localhost/secure-payment?session=cs_test_session1',
    failureCode: null,
    failureMessage: null,
    created: '2026-11-23T12:00:00.000Z',
    expiresAt: '2026-11-23T13:00:00.000Z',
    paymentId: null,
    renewal: { amount: 9.99, currency: 'USD', at: '2026-12-23T12:00:00.000Z', everyDays: 30 },
    ...overrides,
  };
}

export function sandboxSession(overrides: Partial<SandboxSessionView> = {}): SandboxSessionView {
  return {
    sessionId: 'cs_test_session1',
    merchant: 'Crease',
    description: 'Monthly (30 days)',
    amount: 7.99,
    currency: 'USD',
    status: 'OPEN',
    methods: ['CARD'],
    confirming: null,
    vpa: null,
    lastFailure: null,
    returnUrl: 'http://localhost/payment-process?checkout=co-1',
    expiresAt: '2026-11-23T13:00:00.000Z',
    savesCard: false,
    ...overrides,
  };
}

/** 23 payments, newest first, one day apart (epoch seconds, docs/product.md §3). */
export const PAYMENTS: Payment[] = Array.from({ length: 23 }, (_, i) => ({
  paymentId: `pay-${23 - i}`,
  plan: i % 2 === 0 ? 'Monthly' : 'Match Week',
  planEndDate: '2026-12-01T10:00:00.000Z',
  amount: i % 2 === 0 ? 9.99 : 4.99,
  paymentSystem: 'SANDBOX',
  paymentDate: 1_763_900_000 - i * 86_400,
}));

export function paymentPage(page: number, pageSize: number, all = PAYMENTS): PaymentPage {
  return {
    payments: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: all.length,
  };
}

/**
 * The history (GET billing/history): the 23 payments as PAYMENT rows, with a declined card
 * right before the newest payment and a refund of the third: 25 rows, newest first.
 */
export const HISTORY: BillingHistoryEntry[] = (() => {
  const rows: BillingHistoryEntry[] = PAYMENTS.map((payment, i) => ({
    entryId: `entry-${payment.paymentId}`,
    type: 'PAYMENT',
    at: new Date(payment.paymentDate * 1000).toISOString(),
    plan: payment.plan,
    amount: payment.amount,
    currency: 'USD',
    paymentSystem: payment.paymentSystem,
    kind: i % 3 === 0 ? 'RENEWAL' : 'CHECKOUT',
    cardBrand: 'visa',
    cardLast4: '4242',
    paymentId: payment.paymentId,
    invoiceNumber: `CRS-${String(23 - i).padStart(6, '0')}`,
    failureCode: null,
    failureMessage: null,
  }));
  const declined: BillingHistoryEntry = {
    ...rows[0]!,
    entryId: 'attempt-1',
    type: 'DECLINED',
    at: new Date((PAYMENTS[0]!.paymentDate - 60) * 1000).toISOString(),
    kind: 'CHECKOUT',
    cardBrand: 'mastercard',
    cardLast4: '0002',
    paymentId: null,
    invoiceNumber: null,
    failureCode: 'INSUFFICIENT_FUNDS',
    failureMessage: 'Your card has insufficient funds. Try another card.',
  };
  const refund: BillingHistoryEntry = {
    ...rows[2]!,
    entryId: 'refund-1',
    type: 'REFUND',
    at: new Date((PAYMENTS[2]!.paymentDate + 60) * 1000).toISOString(),
    kind: null,
  };
  return [rows[0]!, declined, rows[1]!, refund, ...rows.slice(2)];
})();

export function historyPage(page: number, pageSize: number, all = HISTORY): BillingHistoryPage {
  return {
    entries: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: all.length,
  };
}

export function receipt(payment: Payment): PaymentReceipt {
  return {
    ...payment,
    planId: 'monthly',
    currency: 'USD',
    listPrice: 9.99,
    couponCode: null,
    percentage: 0,
    checkoutId: 'co-1',
    kind: 'CHECKOUT',
    credit: 0,
    providerReference: 'pi_test_123',
    email: 'viewer@example.com',
    invoiceNumber: 'CRS-000042',
    cardBrand: 'visa',
    cardLast4: '4242',
    seller: {
      name: 'Crease Streaming Ltd',
      address: '1 Long Room Lane, London NW8 8QN, United Kingdom',
      taxId: 'GB 123 4567 89',
    },
    net: 8.33,
    tax: 1.66,
    taxRatePercent: 20,
    taxRegion: 'GB',
    refunds: [],
    renewal: { amount: 9.99, currency: 'USD', at: '2026-12-28T10:00:00.000Z', everyDays: 30 },
  };
}

export function accountOverview(
  subscription: Subscription = ACTIVE_MONTHLY,
  overrides: Partial<AccountOverview['userProfile']> = {},
): AccountOverview {
  return {
    userProfile: {
      userId: 'u-1',
      email: 'viewer@example.com',
      active: true,
      status: 'ACTIVE',
      region: 'GB',
      videoQuality: 'HD',
      planId: subscription.planId,
      planStartDate: subscription.periodStart,
      planEndDate: subscription.periodEnd,
      planActive: subscription.entitled,
      planStatus: subscription.state,
      planCreated: subscription.periodStart,
      planUpdated: subscription.periodStart,
      trialOverallTime: 0,
      trialTodayTime: 0,
      ...overrides,
    },
    userPlans: PLANS.filter((p) => p.planId === subscription.planId),
    payments: [],
    channels: [],
    statics: {
      subscription,
      trial: TRIAL_OFFER.limits,
      emailSubscribe: false,
      videoQualities: ['AUTO', 'SD', 'HD', 'FULL_HD'],
      devices: [
        {
          ...TEST_DEVICE,
          appVersion: 'web-1.0.0',
          userAgent: 'Chrome on Linux',
          registered: '2026-11-01T10:00:00.000Z',
          lastSeen: '2026-11-23T10:00:00.000Z',
          name: null,
          lastNetwork: null,
        },
        {
          vidictId: '7d1c1b9e-1111-4a53-9d8e-5b2f8e1c4a10',
          deviceOs: 'IOS',
          deviceType: 'SAFARI',
          appVersion: 'web-1.0.0',
          userAgent: 'Safari on iOS',
          registered: '2026-11-05T10:00:00.000Z',
          lastSeen: '2026-11-20T10:00:00.000Z',
          name: null,
          lastNetwork: '203.0.113.x',
        },
      ],
      maxDevices: 2,
      currency: 'USD',
    },
    loginId: 'viewer@example.com',
    errorText: null,
  };
}

/** GET watching: the plan's two screens, with the devices `playing` (vidictIds) on them. */
export function watchingNow(playing: string[]) {
  const devices = (accountOverview().statics as { devices: { vidictId: string }[] }).devices;
  return { maxDevices: 2, devices: devices.filter((d) => playing.includes(d.vidictId)) };
}
