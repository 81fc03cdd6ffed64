import {
  ACCOUNT_PATHS,
  BILLING_PATHS,
  DATA_EXPORT_PATHS,
  IDEMPOTENCY_HEADER,
  PASS_PATHS,
  billingPath,
  STREAM_PATHS,
  streamPath,
} from '@crease/contract';
import type {
  MandateCancelResult,
  AccountDeletionResult,
  AccountOverview,
  AccountSettingsRequest,
  DataExportRequested,
  EmailChangeRequest,
  BillingHistoryPage,
  Checkout,
  CheckoutRequest,
  CouponCheck,
  DeviceRename,
  Entitlement,
  PassOffer,
  PassScope,
  PaymentReceipt,
  Plan,
  PlanChangeQuote,
  PriceQuote,
  RegisteredDevice,
  PlanChangeResult,
  Platform,
  SandboxCardRequest,
  SandboxPaymentResult,
  SandboxSessionView,
  Subscription,
  TrialOffer,
  WelcomeOffer,
  WatchingNow,
} from '@crease/contract';
import { asProblem } from '@crease/contract';
import { browserRegionGuess } from '../format/regions';

/** The browser's region guess as a query (decision 421); none when the browser says nothing. */
function regionQuery(): Record<string, string> {
  const guess = browserRegionGuess();
  return guess ? { regionGuess: guess } : {};
}

/**
 * The billing API as the screens use it: one function per call, every one through the shell's
 * HTTP client (bearer, XSRF, retries, Idempotency-Key on mutating calls). Each rejects with a
 * ProblemError. Paths come from @crease/contract, the one place they are spelled.
 */
type Http = Pick<Platform, 'http'>;

export function listPlans({ http }: Http): Promise<Plan[]> {
  return asProblem(() =>
    http.get(BILLING_PATHS.plans, { searchParams: regionQuery() }).json<Plan[]>(),
  );
}

export function getSubscription({ http }: Http): Promise<Subscription> {
  return asProblem(() => http.get(BILLING_PATHS.subscription).json<Subscription>());
}

export function getEntitlement({
  http,
  device,
}: Pick<Platform, 'http' | 'device'>): Promise<Entitlement> {
  return asProblem(() =>
    http
      .get(BILLING_PATHS.entitlement, { searchParams: { vidictId: device.vidictId } })
      .json<Entitlement>(),
  );
}

/** The welcome coupon while this account may use it (decision 393). */
export function getWelcomeOffer({ http }: Pick<Platform, 'http'>): Promise<WelcomeOffer> {
  return asProblem(() => http.get(BILLING_PATHS.welcomeOffer).json<WelcomeOffer>());
}

export function getTrialOffer({
  http,
  device,
}: Pick<Platform, 'http' | 'device'>): Promise<TrialOffer> {
  return asProblem(() =>
    http
      .get(BILLING_PATHS.trial, { searchParams: { vidictId: device.vidictId } })
      .json<TrialOffer>(),
  );
}

export function activateTrial({
  http,
  device,
}: Pick<Platform, 'http' | 'device'>): Promise<unknown> {
  return asProblem(() =>
    http.post(BILLING_PATHS.trial, { json: { vidictId: device.vidictId } }).json<unknown>(),
  );
}

export function checkCoupon({ http }: Http, code: string, planId: string): Promise<CouponCheck> {
  return asProblem(() =>
    http
      .get(BILLING_PATHS.couponCheck, { searchParams: { code, planId, ...regionQuery() } })
      .json<CouponCheck>(),
  );
}

/** The server's price for a plan now, with the coupon if given (decision 397). */
export function getQuote({ http }: Http, planId: string, couponCode?: string): Promise<PriceQuote> {
  return asProblem(() =>
    http
      .get(BILLING_PATHS.quote, {
        searchParams: { planId, ...(couponCode ? { couponCode } : {}), ...regionQuery() },
      })
      .json<PriceQuote>(),
  );
}

/** The pass for match `id` (MATCH) or league `id` (SEASON), priced for the viewer (452). */
export function getPassOffer({ http }: Http, scope: PassScope, id: string): Promise<PassOffer> {
  const target = scope === 'MATCH' ? { eventId: id } : { leagueId: id };
  return asProblem(() =>
    http.get(PASS_PATHS.offer, { searchParams: { ...target, ...regionQuery() } }).json<PassOffer>(),
  );
}

/**
 * Creates (or, for a repeated key, replays) the checkout. The screen passes one key for the
 * whole submission, so a double click or a retry is one checkout and one charge.
 */
export function createCheckout(
  { http }: Http,
  request: CheckoutRequest,
  idempotencyKey: string,
): Promise<Checkout> {
  return asProblem(() =>
    http
      .post(BILLING_PATHS.checkouts, {
        json: { ...regionQuery(), ...request },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      })
      .json<Checkout>(),
  );
}

export function getCheckout({ http }: Http, checkoutId: string): Promise<Checkout> {
  return asProblem(() => http.get(billingPath('checkout', { checkoutId })).json<Checkout>());
}

export function cancelSubscription({ http }: Http): Promise<Subscription> {
  return asProblem(() => http.post(BILLING_PATHS.cancelSubscription).json<Subscription>());
}

/** Renewal back on before the period end (after a cancel). */
export function resumeSubscription({ http }: Http): Promise<Subscription> {
  return asProblem(() => http.post(BILLING_PATHS.resumeSubscription).json<Subscription>());
}

/** What changing to `planId` would do: an upgrade's charge and credit, or a downgrade's date. */
export function quotePlanChange({ http }: Http, planId: string): Promise<PlanChangeQuote> {
  return asProblem(() =>
    http.get(BILLING_PATHS.planChange, { searchParams: { planId } }).json<PlanChangeQuote>(),
  );
}

/** Changes plan; the key makes a double-clicked upgrade one charge. */
export function changePlan(
  { http }: Http,
  planId: string,
  idempotencyKey: string,
): Promise<PlanChangeResult> {
  return asProblem(() =>
    http
      .post(BILLING_PATHS.planChange, {
        json: { planId },
        headers: { 'Idempotency-Key': idempotencyKey },
      })
      .json<PlanChangeResult>(),
  );
}

/** Payments, declined and failed attempts and refunds, newest first (issue 22 §5). */
export function getBillingHistory(
  { http }: Http,
  page: number,
  pageSize: number,
): Promise<BillingHistoryPage> {
  return asProblem(() =>
    http
      .get(BILLING_PATHS.billingHistory, { searchParams: { page, pageSize } })
      .json<BillingHistoryPage>(),
  );
}

/** Deletes the account (decision 302): needs the password; every session ends with it. */
export function deleteAccount({ http }: Http, password: string): Promise<AccountDeletionResult> {
  return asProblem(() =>
    http.post(BILLING_PATHS.accountDeletion, { json: { password } }).json<AccountDeletionResult>(),
  );
}

export function getReceipt({ http }: Http, paymentId: string): Promise<PaymentReceipt> {
  return asProblem(() => http.get(billingPath('payment', { paymentId })).json<PaymentReceipt>());
}

export function getAccount({ http }: Http): Promise<AccountOverview> {
  return asProblem(() => http.get(BILLING_PATHS.account).json<AccountOverview>());
}

export function updateSettings({ http }: Http, settings: AccountSettingsRequest): Promise<unknown> {
  return asProblem(async () => {
    const response = await http.patch(BILLING_PATHS.accountSettings, { json: settings });
    return response.status === 204 ? null : response.json<unknown>().catch(() => null);
  });
}

export function signOutDevice({ http }: Http, vidictId: string): Promise<void> {
  return asProblem(async () => {
    await http.delete(billingPath('device', { vidictId }));
  });
}

/** Names a device (null: its browser's name again); answers it as the API now has it. */
export function renameDevice(
  { http }: Http,
  vidictId: string,
  name: string | null,
): Promise<RegisteredDevice> {
  const body: DeviceRename = { name };
  return asProblem(() =>
    http.patch(billingPath('device', { vidictId }), { json: body }).json<RegisteredDevice>(),
  );
}

/** The account's devices playing now, and the plan's screens at a time. */
export function getWatching({ http }: Http): Promise<WatchingNow> {
  return asProblem(() => http.get(STREAM_PATHS.watching).json<WatchingNow>());
}

/** "Stop playback there": closes that device's streams; `by` is this browser, for its message. */
export function stopPlayback({ http }: Http, vidictId: string, by: string): Promise<void> {
  return asProblem(async () => {
    await http.delete(streamPath('watchingDevice', { vidictId }), { searchParams: { by } });
  });
}

export function getSandboxSession({ http }: Http, sessionId: string): Promise<SandboxSessionView> {
  return asProblem(() =>
    http.get(billingPath('sandboxSession', { sessionId })).json<SandboxSessionView>(),
  );
}

/** The card form's submission; the key makes a double-clicked Pay one charge. */
export function submitCard(
  { http }: Http,
  sessionId: string,
  card: SandboxCardRequest,
  idempotencyKey: string,
): Promise<SandboxPaymentResult> {
  return asProblem(() =>
    http
      .post(billingPath('sandboxCard', { sessionId }), {
        json: card,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      })
      .json<SandboxPaymentResult>(),
  );
}

export function confirmPayment(
  { http }: Http,
  sessionId: string,
  approve: boolean,
  idempotencyKey: string,
): Promise<SandboxPaymentResult> {
  return asProblem(() =>
    http
      .post(billingPath('sandboxConfirm', { sessionId }), {
        json: { approve },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      })
      .json<SandboxPaymentResult>(),
  );
}

/** A UPI collect request to the viewer's UPI ID (INR sessions); the key makes a double click one. */
export function submitUpi(
  { http }: Http,
  sessionId: string,
  vpa: string,
  idempotencyKey: string,
): Promise<SandboxPaymentResult> {
  return asProblem(() =>
    http
      .post(billingPath('sandboxUpi', { sessionId }), {
        json: { vpa },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      })
      .json<SandboxPaymentResult>(),
  );
}

/** Stops waiting for the UPI app: the session is open again for another way to pay. */
export function cancelUpi({ http }: Http, sessionId: string): Promise<SandboxSessionView> {
  return asProblem(() =>
    http
      .post(billingPath('sandboxUpiCancel', { sessionId }), { json: {} })
      .json<SandboxSessionView>(),
  );
}

/** The pre-debit notice's one-click cancel (decision 462): no sign-in, the mailed token is it. */
export function cancelAutopay({ http }: Http, token: string): Promise<MandateCancelResult> {
  return asProblem(() =>
    http.post(billingPath('mandateCancel'), { json: { token } }).json<MandateCancelResult>(),
  );
}

/** "Download my data" (decision 437): the link is mailed; the answer says where to. */
export function requestDataExport({ http }: Http): Promise<DataExportRequested> {
  return asProblem(() =>
    http.post(DATA_EXPORT_PATHS.request, { json: {} }).json<DataExportRequested>(),
  );
}

/**
 * Asks to move the account to a new address (decision 423): the answer is the same whether or
 * not the address is free; a link goes to it. Rejects with the API's problem (wrong password,
 * the own address, too many asks).
 */
export function requestEmailChange({ http }: Http, request: EmailChangeRequest): Promise<void> {
  return asProblem(async () => {
    await http.post(ACCOUNT_PATHS.emailChange, { json: request });
  });
}
