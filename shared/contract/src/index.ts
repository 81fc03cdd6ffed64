export {
  ACCOUNT_DELETED_PARAM,
  BUILD_ID_METADATA_KEY,
  CONTRACT_VERSION,
  CONTRACT_RANGE_METADATA_KEY,
  SHELL_CONTRACT_METADATA_KEY,
  SHELL_RUNTIME_METADATA_KEY,
  REMOTE_RUNTIME_METADATA_KEY,
} from './screen-props';
export type {
  Analytics,
  AnalyticsEvent,
  BotCheck,
  Device,
  NavigateOptions,
  Platform,
  PlatformConfig,
  ScreenLocation,
  ScreenProps,
  Session,
  SessionListener,
  SignInCredentials,
} from './screen-props';
export { DEVICE_OS_VALUES, DEVICE_TYPE_VALUES, deviceName } from './device';
export type { DeviceOs, DeviceType } from './device';
export {
  APP_NAMES,
  HOST_APP_NAME,
  REMOTE_NAMES,
  isAppName,
  isReleaseVersion,
  RELEASE_VERSION_PATTERN,
  isRemoteName,
  parseReleaseMap,
  ReleaseMapError,
} from './release-map';
export type { AppName, ReleaseMap, ReleaseMapEntry, RemoteName } from './release-map';
export {
  STORAGE_KEYS,
  PLAYER_STORAGE_KEYS,
  CONSENT_STORAGE,
  UI_LANGUAGE_STORAGE,
  pictureTimeKey,
} from './storage-keys';
// The site's languages (issue 34 §4): UI_LANGUAGES, UiLanguage, isUiLanguage, uiLanguageOf….
export * from './ui-language';
export { MAX_SIGNALS_PER_BATCH, SIGNALS_PATH, SIGNAL_KINDS, VITAL_NAMES } from './release-signals';
export type { SignalBatch, SignalEvent, SignalKind, VitalName } from './release-signals';
export { ProblemError, asProblem, problemOf } from './problem';
export type { Problem } from './problem';
export { isErrorResponse } from './wire';
export type {
  AccountOverview,
  ChangePasswordRequest,
  EmailChangeConfirmation,
  EmailChangeRequest,
  ChannelStream,
  CouponCheck,
  DeviceRegistration,
  EdgeStreamRequest,
  ErrorResponse,
  ForgotPasswordRequest,
  PasswordResetResponse,
  Payment,
  Plan,
  RegistrationRequest,
  ResetPasswordRequest,
  SessionTokens,
  TokenResponse,
  UserProfile,
} from './wire';
export { deriveApiOrigin } from './api-origin';
export { IDEMPOTENCY_HEADER, XSRF_COOKIE, XSRF_HEADER } from './http-headers';
export { CARD_BRAND_LABELS, cardBrandOf, cardDigits, cardLabel, passesLuhn } from './card-check';
export { countryCodes, DEFAULT_REGION, REGION_RULE, isRegion } from './regions';
export {
  FALLBACK_CURRENCY,
  GST_REGION,
  PRICE_CURRENCIES,
  REGION_GUESS_PARAM,
  currencyForRegion,
  guessRegion,
  isPriceCurrency,
  taxBreakdownText,
} from './billing-prices';
export type { PriceCurrency, TaxBreakdown } from './billing-prices';
export { pageTitle, WELCOME_TAGLINE } from './product-title';
export {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_PATHS,
  ANALYTICS_PATHS,
  ACCOUNT_RESULT_CODES,
  BOT_CHECK_HEADER,
  WEB_OAUTH_CLIENT_ID,
  EMAIL_CODE_GRANT_TYPE,
  DEFAULT_FIRST_NAME,
  DEFAULT_LAST_NAME,
  EMAIL_MAX_LENGTH,
  INVALID_ACCESS_TOKEN,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  emailProblem,
  isInvalidAccessTokenError,
  normalizeEmail,
  passwordProblem,
} from './accounts';
export type { AccountErrorCode, AccountResultCode } from './accounts';
export {
  CATALOG_ERROR_CODES,
  CATALOG_ID_MAX_LENGTH,
  CATALOG_ID_PATTERN,
  CATALOG_MAX_AGE_SECONDS,
  CATALOG_PATHS,
  CATALOG_STALE_WHILE_REVALIDATE_SECONDS,
  EVENT_LIST_DEFAULT_LIMIT,
  EVENT_LIST_MAX_LIMIT,
  EVENT_STATUS_GROUPS,
  LEAGUE_STATUSES,
  MATCH_FORMAT_LABELS,
  MATCH_FORMATS,
  MATCH_STATUS_LABELS,
  MATCH_STATUS_MOVES,
  MATCH_STATUSES,
  PLAY_STATE_LABELS,
  PLAY_STATES,
  STATUS_GROUP_MEMBERS,
  STREAM_EVENT_STATUS_MOVES,
  STREAM_EVENT_STATUSES,
  catalogEventPath,
  catalogEventTimelinePath,
  catalogLeaguePath,
  isBreakPlayState,
  catalogLogoPath,
  operatorEventPath,
  operatorEventStatePath,
  operatorLeaguePath,
  statusGroupOf,
} from './catalog';
export { ballsOf, countsInBalls, extrasTotal, progressText } from './scorecard';
export type {
  AuditEntry,
  BreakPlayState,
  AuditPage,
  CatalogErrorCode,
  CatalogEvent,
  EventCreate,
  EventListQuery,
  EventPage,
  EventStatusGroup,
  EventTimeline,
  EventUpdate,
  Innings,
  League,
  LeagueCreate,
  LeagueList,
  LeagueListQuery,
  LeagueStatus,
  LeagueUpdate,
  MatchFormat,
  MatchState,
  MatchStateChange,
  MatchStatus,
  PlayState,
  StreamEventStatus,
  Team,
  TeamColours,
  TimelineEntry,
  TimelineState,
  KeyMoment,
  KeyMomentKind,
  Scorecard,
  BatterFigures,
  BowlerFigures,
  Extras,
  FallOfWicket,
  TimelineQuery,
  Toss,
  TossDecision,
  Venue,
} from './catalog';
export {
  BILLING_CURRENCY,
  BILLING_ERROR_CODES,
  BILLING_PATHS,
  DEVICE_NAME_MAX,
  CHECKOUT_STATUSES,
  COUPON_RESERVATIONS,
  DECLINE_CODES,
  ENTITLEMENT_REASONS,
  HISTORY_ENTRY_TYPES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_SYSTEMS,
  PLAN_STATUSES,
  STOREFRONT_MATCH_LIMIT,
  STOREFRONT_MAX_AGE_SECONDS,
  STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
  SUBSCRIPTION_STATES,
  TRIAL_UNAVAILABLE_REASONS,
  VIDEO_QUALITIES,
  billingPath,
} from './billing';
export type {
  AccountDeletionRequest,
  AccountDeletionResult,
  AccountSettingsRequest,
  RefundAccepted,
  RefundRequest,
  AccountStatics,
  BillingErrorCode,
  BillingHistoryEntry,
  BillingHistoryPage,
  HistoryEntryType,
  InvoiceSeller,
  ReceiptRefund,
  BillingPathName,
  Checkout,
  CheckoutRequest,
  CheckoutStatus,
  CouponReservation,
  DeviceLimitError,
  DeviceList,
  DeviceRename,
  Entitlement,
  EntitlementReason,
  PaymentFailureCode,
  PaymentPage,
  PaymentReceipt,
  PaymentSystem,
  PlanStatus,
  RegisteredDevice,
  Subscription,
  SubscriptionState,
  Storefront,
  StorefrontMatch,
  TeamCrest,
  TrialActivationRequest,
  TrialLimits,
  TrialOffer,
  WelcomeOffer,
  TrialUnavailableReason,
  VideoQuality,
} from './billing';
export { RETURN_TO_PARAM, isSafeReturnTo, returnToFrom } from './return-to';
export { SANDBOX_TEST_CARDS, SANDBOX_TEST_VPAS } from './sandbox-provider';
export { MANDATE_STATES } from './billing';
export type { MandateState } from './billing';
export type {
  MandateCancelRequest,
  MandateCancelResult,
  SandboxPaymentMethod,
  SandboxUpiRequest,
  SandboxCardRequest,
  SandboxConfirmRequest,
  SandboxPaymentResult,
  SandboxSessionView,
} from './sandbox-provider';
export { PLAN_END_REASONS, PLAN_KINDS, RENEWAL_RETRY_DAYS } from './billing-renewals';
export type { PlanEndReason, PlanKind } from './billing-renewals';
export type {
  PlanChangeCredit,
  PlanChangeQuote,
  PlanChangeRequest,
  PlanChangeResult,
} from './billing-plan-change';
export { stackingRefusal, stackingRefusalText } from './billing-stacking';
export type { PlanOnSale, RunningPlan, StackingRefusal } from './billing-stacking';
export type { PriceQuote, RenewalTerms } from './billing-quote';
export {
  PASS_PATHS,
  PASS_PLAN_IDS,
  PASS_SCOPES,
  PASS_UNAVAILABLE_REASONS,
  isPassPlanId,
  passButtonText,
  passCheckoutPath,
  passPlays,
  passUnavailableText,
} from './billing-passes';
export type {
  OwnedPass,
  PassOffer,
  PassScope,
  PassShelf,
  PassUnavailableReason,
} from './billing-passes';
export {
  AUTO_BITRATE_NAME,
  HEARTBEAT_RENEWAL_GRACE_MS,
  ORIGIN_PATHS,
  RENDITIONS,
  STREAM_ERROR_CODES,
  STREAM_PATHS,
  STREAM_TOKEN_PARAM,
  streamPath,
} from './streams';
export type {
  HeartbeatResult,
  NotEntitledError,
  RenditionName,
  StreamErrorCode,
  StreamGrant,
  StreamHeartbeat,
  StreamLimitError,
  StreamPathName,
  StreamRequest,
  StreamToken,
  WatchingNow,
} from './streams';
export { INGEST_ERROR_CODES, INGEST_PATHS, INGEST_REFUSAL_REASONS, INGEST_ROLES } from './ingest';
export type {
  IngestErrorCode,
  IngestKeyCreated,
  IngestKeyRequest,
  IngestKeySummary,
  IngestPublishGrant,
  IngestPublishRequest,
  IngestRefusal,
  IngestRefusalReason,
  IngestRole,
} from './ingest';
export {
  DEFAULT_REMINDER_LEAD,
  FOLLOW_KINDS,
  FOLLOW_PATHS,
  REMINDER_LEADS,
  TEAM_NAME_MAX_LENGTH,
  eventCalendarPath,
  followPath,
  reminderPath,
} from './follows';
export type { FollowKind, FollowSettings, ReminderLead, ViewerFollows } from './follows';
export { FollowError, calendarUrl, followsClient } from './follows-client';
export type { FollowsClient } from './follows-client';
export {
  countOf,
  everyPeriodText,
  periodText,
  screensText,
  taxLineText,
  taxRegionText,
} from './wording';
export { STAFF_ERROR_CODES, STAFF_PATHS, STAFF_ROLES } from './staff';
export {
  DISMISSAL_MODES,
  SCORING_ERROR_CODES,
  SCORING_PATHS,
  STOPPAGE_REASONS,
  scoringActionsPath,
} from './scoring';
export type {
  DismissalMode,
  ScoredDelivery,
  ScoringAccepted,
  ScoringAction,
  ScoringEntry,
  ScoringErrorCode,
  ScoringMatch,
  ScoringNeeds,
  ScoringState,
  ScoringSubmission,
  StoppageReason,
} from './scoring';
// The admin's business desk (issue 33 §5): its paths and every wire type of the module.
export { BUSINESS_PATHS } from './staff-business';
export type * from './staff-business';
export { SUPPORT_EXTENSION_DAYS, SUPPORT_PATHS } from './staff-support';
export type {
  SupportDevice,
  SupportExtendRequest,
  SupportMail,
  SupportPayment,
  SupportReason,
  SupportRefundAccepted,
  SupportRefundRequest,
  SupportViewer,
} from './staff-support';
export type {
  StaffAuditEntry,
  StaffCreateRequest,
  StaffCreated,
  StaffErrorCode,
  StaffMember,
  StaffRole,
  StaffSession,
  StaffSignInRequest,
} from './staff';
export {
  DATA_EXPORT_ERROR_CODES,
  DATA_EXPORT_PATHS,
  DATA_EXPORT_WINDOW_SECONDS,
} from './data-export';
export type { DataExportErrorCode, DataExportRequested } from './data-export';
export { PRODUCER_PATHS } from './producer';
export type {
  ChannelHealth,
  IngestHealthSample,
  OnAir,
  ProducerEndRequest,
  ProducerMatchAnswer,
  ProducerSchedule,
  ProducerSlateRequest,
} from './producer';
