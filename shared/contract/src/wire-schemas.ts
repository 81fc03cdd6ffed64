/**
 * TypeBox schemas of the API's wire shapes: the one spelling of each shape. Their static types
 * are the wire types (wire.ts derives them with `Static`), the API's routes validate and document
 * with them, and the apps import only the types, so no schema code reaches a browser bundle.
 * Import from `@crease/contract/schemas` (kept out of the main entry for that reason).
 */
import { Type } from 'typebox';
import { EMAIL_MAX_LENGTH } from './accounts';

export {
  IngestChannelIdSchema,
  IngestKeyCreatedSchema,
  IngestKeyRequestSchema,
  IngestKeySummarySchema,
  IngestPublishGrantSchema,
  IngestPublishRequestSchema,
  IngestPublisherSchema,
  IngestRefusalSchema,
  IngestRoleSchema,
} from './ingest-schemas';
export { StorefrontMatchSchema, TeamCrestSchema } from './storefront-schemas';
export { ErrorResponseSchema, UserProfileSchema } from './wire-base-schemas';
export * from './billing-schemas';
export * from './streams-schemas';

/**
 * docs/product.md §3 token response. `token_type` is RFC 6749's; the spec's three fields are what the shell
 * relies on (docs/product.md §5: a usable answer has a non-empty access_token and expires_in above 0).
 */
export const TokenResponseSchema = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  refresh_token: Type.String(),
  expires_in: Type.Integer({
    exclusiveMinimum: 0,
    description: 'Seconds until the access token expires.',
  }),
  token_type: Type.Literal('Bearer'),
});

/** Length-capped in the schema; the format rule (emailProblem) runs in the handler. */
export const EmailSchema = Type.String({
  maxLength: EMAIL_MAX_LENGTH + 10,
  description: 'Trimmed and lower-cased by the API.',
});
/** Long enough for any real password, short enough that hashing it is no denial of service. */
export const PasswordSchema = Type.String({ maxLength: 1024 });

export const RegistrationRequestSchema = Type.Object(
  { email: EmailSchema, password: PasswordSchema, emailSubscribe: Type.Boolean() },
  { additionalProperties: false },
);
export const ForgotPasswordRequestSchema = Type.Object(
  { email: EmailSchema },
  { additionalProperties: false },
);
export const ResetPasswordRequestSchema = Type.Object(
  { email: EmailSchema, token: Type.String({ maxLength: 512 }), newPassword: PasswordSchema },
  { additionalProperties: false },
);
/** Moving the account to a new address (decision 423): the current password proves the ask. */
export const EmailChangeRequestSchema = Type.Object(
  { newEmail: EmailSchema, password: PasswordSchema },
  { additionalProperties: false },
);
/** The mailed email-change link's two parts, as the confirmation page posts them. */
export const EmailChangeConfirmationSchema = Type.Object(
  { email: EmailSchema, token: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export const ChangePasswordRequestSchema = Type.Object(
  { oldPassword: PasswordSchema, newPassword: PasswordSchema },
  { additionalProperties: false },
);
