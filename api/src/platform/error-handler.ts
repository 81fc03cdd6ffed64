/**
 * The Fastify error handler: anything thrown leaves as the spec's error shape. On /oauth2/* the
 * same object also carries RFC 6749's {error, error_description}, so OAuth2 clients and our
 * shell both read it.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './db/unavailable';
import { catalogueEntry, errorBody, isApiError } from './errors';
import type { ApiErrorCode } from './errors';
import type { Clock } from './clock';

/** Retry-After for a 429 whose limit did not say (see sendError). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Turns one ajv error into a sentence naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return catalogueEntry('VALIDATION_FAILED').message;
  const where = error.validationContext ?? 'body';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = first.params as Record<string, unknown>;
  const field = path || where;
  switch (first.keyword) {
    case 'required':
      return `Missing field "${String(params.missingProperty)}" in the ${where}.`;
    case 'additionalProperties':
      return `Unexpected field "${String(params.additionalProperty)}" in the ${where}.`;
    case 'type':
      return `Field "${field}" must be ${String(params.type)}.`;
    case 'maxLength':
      return `Field "${field}" must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `Field "${field}" must not be empty.`;
    case 'enum':
      return `Field "${field}" must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return `Field "${field}" ${first.message ?? 'is not valid'}.`;
  }
}

/** Maps anything thrown to a catalogue code and message. Never exposes internals. */
export function classify(error: unknown): {
  code: ApiErrorCode;
  message: string;
  userId: string | null;
} {
  if (isApiError(error))
    return { code: error.code, message: error.message, userId: error.options.userId ?? null };
  const e = error as FastifyError;
  if (e.validation)
    return { code: 'VALIDATION_FAILED', message: validationMessage(e), userId: null };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: catalogueEntry('UNSUPPORTED_MEDIA_TYPE').message,
        userId: null,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        code: 'PAYLOAD_TOO_LARGE',
        message: catalogueEntry('PAYLOAD_TOO_LARGE').message,
        userId: null,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'MALFORMED_JSON',
        message: catalogueEntry('MALFORMED_JSON').message,
        userId: null,
      };
  }
  if (e instanceof SyntaxError || (e.statusCode === 400 && /JSON/i.test(e.message)))
    return {
      code: 'MALFORMED_JSON',
      message: catalogueEntry('MALFORMED_JSON').message,
      userId: null,
    };
  if (isDatabaseUnavailable(error))
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: catalogueEntry('SERVICE_UNAVAILABLE').message,
      userId: null,
    };
  if (e.statusCode === 429)
    return {
      code: 'TOO_MANY_ATTEMPTS',
      message: catalogueEntry('TOO_MANY_ATTEMPTS').message,
      userId: null,
    };
  if (e.statusCode === 404)
    return { code: 'NOT_FOUND', message: catalogueEntry('NOT_FOUND').message, userId: null };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return {
      code: 'VALIDATION_FAILED',
      message: catalogueEntry('VALIDATION_FAILED').message,
      userId: null,
    };
  return {
    code: 'INTERNAL_ERROR',
    message: catalogueEntry('INTERNAL_ERROR').message,
    userId: null,
  };
}

export function isOAuthPath(url: string): boolean {
  return url.startsWith('/oauth2/');
}

function details(error: unknown): Record<string, unknown> {
  return isApiError(error) ? (error.options.details ?? {}) : {};
}

/** Sends the one error shape (plus RFC 6749 fields on /oauth2/*), stamped on the API clock. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  clock: Clock,
): FastifyReply {
  const { code, message, userId } = classify(error);
  const entry = catalogueEntry(code);
  const status = isApiError(error)
    ? error.status
    : code === 'VALIDATION_FAILED' || code === 'MALFORMED_JSON'
      ? 400
      : entry.status;
  if (code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  for (const [name, value] of Object.entries(
    isApiError(error) ? (error.options.headers ?? {}) : {},
  ))
    reply.header(name, value);
  const rateLimited = (error as { headers?: Record<string, string> }).headers;
  if (rateLimited && !isApiError(error))
    for (const [n, v] of Object.entries(rateLimited)) reply.header(n, v);
  // Every 429 says when to come back (RFC 6585). Each limit sets its precise Retry-After; this
  // only guards a limit that forgot, so a client never has to guess.
  if (status === 429 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  if (code === 'SERVICE_UNAVAILABLE')
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  const body = { ...errorBody(clock.now(), code, message, userId), ...details(error) };
  if (isOAuthPath(request.url)) {
    reply.header('cache-control', 'no-store');
    if (code === 'INVALID_CLIENT') reply.header('www-authenticate', 'Basic realm="crease"');
    return reply.code(status).send({ error: entry.oauth, error_description: message, ...body });
  }
  return reply.code(status).send(body);
}
