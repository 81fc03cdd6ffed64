export { CONTRACT_VERSION, CONTRACT_RANGE_METADATA_KEY } from './screen-props';
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
export { DEVICE_OS_VALUES, DEVICE_TYPE_VALUES } from './device';
export type { DeviceOs, DeviceType } from './device';
export {
  REMOTE_NAMES,
  isReleaseVersion,
  isRemoteName,
  parseReleaseMap,
  ReleaseMapError,
} from './release-map';
export type { ReleaseMap, ReleaseMapEntry, RemoteName } from './release-map';
export { isErrorResponse } from './wire';
export type {
  AccountOverview,
  ChangePasswordRequest,
  ChannelStream,
  CouponCheck,
  DeviceRegistration,
  EdgeStreamRequest,
  ErrorResponse,
  ForgotPasswordRequest,
  League,
  PasswordResetResponse,
  Payment,
  Plan,
  RegistrationRequest,
  ResetPasswordRequest,
  TokenResponse,
  UserProfile,
} from './wire';
export { deriveApiOrigin } from './api-origin';
export { pageTitle, WELCOME_TAGLINE } from './product-title';
export {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_PATHS,
  ACCOUNT_RESULT_CODES,
  BOT_CHECK_HEADER,
  DEFAULT_FIRST_NAME,
  DEFAULT_LAST_NAME,
  EMAIL_MAX_LENGTH,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  emailProblem,
  normalizeEmail,
  passwordProblem,
} from './accounts';
export type { AccountErrorCode, AccountResultCode } from './accounts';
