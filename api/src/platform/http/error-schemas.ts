/** Schemas shared by several routes (OpenAPI components in spirit; inlined for ajv). */
import { Type } from '@fastify/type-provider-typebox';
import {
  ACCOUNT_ERROR_CODES,
  BILLING_ERROR_CODES,
  CATALOG_ERROR_CODES,
  DATA_EXPORT_ERROR_CODES,
  INGEST_ERROR_CODES,
  STREAM_ERROR_CODES,
} from '@crease/contract';
import { ErrorResponseSchema } from '@crease/contract/schemas';
import { systemClock } from '../clock';
import { errorBody } from '../errors';

/** The contract's error shape, with the codes listed for the OpenAPI document. */
export const ErrorResponse = Type.Object(
  {
    ...ErrorResponseSchema.properties,
    code: Type.String({
      description: `One of: ${[...ACCOUNT_ERROR_CODES, ...CATALOG_ERROR_CODES, ...BILLING_ERROR_CODES, ...STREAM_ERROR_CODES, ...INGEST_ERROR_CODES, ...DATA_EXPORT_ERROR_CODES].join(', ')}`,
    }),
  },
  { description: 'The one error shape (docs/product.md §3).' },
);

/** RFC 6749 §5.2 fields plus the spec's shape, in one object. */
export const OAuthErrorResponse = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
  ...ErrorResponseSchema.properties,
});

export const ResultResponse = Type.Object(
  { ...ErrorResponseSchema.properties },
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

/**
 * A 2xx result in the error shape (errors.ts `errorBody`, the one writer of that shape). Still to
 * move to the clock (decision 420): its one caller, accounts/routes/auth.ts, does not pass
 * services.clock yet, so this stamps the production clock; it goes once that caller calls
 * `errorBody(services.clock.now(), ...)` itself.
 */
export function result(code: string, message: string, userId: string | null) {
  return errorBody(systemClock.now(), code, message, userId);
}

export const botCheckHeader = Type.Object(
  { 'x-bot-check': Type.Optional(Type.String({ maxLength: 4096 })) },
  { additionalProperties: true },
);
