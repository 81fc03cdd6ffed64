/** Schemas shared by several routes (OpenAPI components in spirit; inlined for ajv). */
import { Type } from '@fastify/type-provider-typebox';
import {
  ACCOUNT_ERROR_CODES,
  BILLING_ERROR_CODES,
  CATALOG_ERROR_CODES,
  EMAIL_MAX_LENGTH,
  STREAM_ERROR_CODES,
} from '@crease/contract';

export const ErrorResponse = Type.Object(
  {
    code: Type.String({
      description: `One of: ${[...ACCOUNT_ERROR_CODES, ...CATALOG_ERROR_CODES, ...BILLING_ERROR_CODES, ...STREAM_ERROR_CODES].join(', ')}`,
    }),
    userId: Type.Union([Type.String(), Type.Null()]),
    message: Type.String(),
    timeStamp: Type.String({ format: 'date-time' }),
  },
  { description: 'The one error shape (SPEC §3).' },
);

/** RFC 6749 §5.2 fields plus the spec's shape, in one object. */
export const OAuthErrorResponse = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
  code: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  timeStamp: Type.String(),
});

export const ResultResponse = Type.Object(
  {
    code: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    message: Type.String(),
    timeStamp: Type.String(),
  },
  { description: "A result in the spec's shape (code, userId, message, timeStamp)." },
);

export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};

/** Length-capped in the schema; the format rule (emailProblem) runs in the handler. */
export const Email = Type.String({
  maxLength: EMAIL_MAX_LENGTH + 10,
  description: 'Trimmed and lower-cased by the API.',
});
/** Long enough for any real password, short enough that hashing it is no denial of service. */
export const Password = Type.String({ maxLength: 1024 });

export function result(code: string, message: string, userId: string | null) {
  return { code, userId, message, timeStamp: new Date().toISOString() };
}

export const botCheckHeader = Type.Object(
  { 'x-bot-check': Type.Optional(Type.String({ maxLength: 4096 })) },
  { additionalProperties: true },
);
