/**
 * POST /oauth2/token (docs/product.md §7.1) and POST /oauth2/revoke (RFC 7009). Form-encoded, with the
 * public client's basic credentials: the client id must be known, the secret is ignored (it
 * ships in every browser, decision 013).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER, normalizeEmail } from '@crease/contract';
import { TokenResponseSchema } from '@crease/contract/schemas';
import { signInRecord } from '../accounts-service';
import { noticeDeletedAccountSignIn } from '../deleted-sign-in';
import { EMAIL_CODE_GRANT, emailCodeGrant } from '../sign-in-codes';
import { ApiError } from '../errors';
import { IDEMPOTENCY_REQUEST_HEADER, isValidIdempotencyKey } from '../../platform/http/idempotency';
import { siteHostOf } from '../../platform/http/site-host';
import { countSignInAttempt, signInDifficulty } from '../sign-in-limits';
import { OAuthErrorResponse } from '../../platform/http/error-schemas';

const TokenRequest = Type.Object(
  {
    grant_type: Type.String({ maxLength: 64 }),
    scope: Type.Optional(Type.String({ maxLength: 64 })),
    username: Type.Optional(Type.String({ maxLength: 300 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    refresh_token: Type.Optional(Type.String({ maxLength: 512 })),
    /** The emailed sign-in code (grant_type EMAIL_CODE_GRANT, decision 406). */
    code: Type.Optional(Type.String({ maxLength: 64 })),
    client_id: Type.Optional(Type.String({ maxLength: 100 })),
    client_secret: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const RevokeRequest = Type.Object(
  {
    token: Type.String({ maxLength: 512 }),
    token_type_hint: Type.Optional(Type.String({ maxLength: 64 })),
    client_id: Type.Optional(Type.String({ maxLength: 100 })),
    client_secret: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const oauthErrors = {
  400: OAuthErrorResponse,
  401: OAuthErrorResponse,
  403: OAuthErrorResponse,
  413: OAuthErrorResponse,
  415: OAuthErrorResponse,
  429: OAuthErrorResponse,
};

/** What the token endpoint uses of the API's services (app.ts declares them). */
export type OAuth2RouteServices = Pick<
  FastifyInstance['services'],
  | 'config'
  | 'attempts'
  | 'hasher'
  | 'botCheck'
  | 'sessions'
  | 'database'
  | 'clock'
  | 'background'
  | 'mailer'
>;

/** The client id from HTTP Basic (or the body, RFC 6749 §2.3.1); unknown ids are refused. */
function requireClient(
  request: FastifyRequest,
  services: OAuth2RouteServices,
  bodyClientId?: string,
): string {
  const header = request.headers.authorization ?? '';
  let clientId = bodyClientId;
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      clientId = decodeURIComponent(colon === -1 ? decoded : decoded.slice(0, colon));
    } catch {
      throw new ApiError('INVALID_CLIENT');
    }
  }
  if (!clientId || !services.config.oauthClientIds.includes(clientId))
    throw new ApiError('INVALID_CLIENT');
  return clientId;
}

/**
 * The refresh grant's Idempotency-Key (decision 050): the shell keeps one per refresh across its
 * retries, so a retry whose first answer was lost gets the same tokens. Optional, as elsewhere.
 */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_REQUEST_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!isValidIdempotencyKey(key)) throw new ApiError('INVALID_IDEMPOTENCY_KEY');
  return key;
}

async function passwordGrant(
  request: FastifyRequest,
  services: OAuth2RouteServices,
  body: { scope?: string; username?: string; password?: string },
) {
  const { config, attempts, hasher, botCheck, sessions, database } = services;
  if (body.scope !== undefined && body.scope !== 'API') throw new ApiError('INVALID_SCOPE');
  if (body.username === undefined)
    throw new ApiError('VALIDATION_FAILED', 'Missing field "username" in the body.');
  if (body.password === undefined)
    throw new ApiError('VALIDATION_FAILED', 'Missing field "password" in the body.');
  const token = request.headers[BOT_CHECK_HEADER.toLowerCase()];
  if (
    !(await botCheck.verify(typeof token === 'string' ? token : undefined, 'signin', {
      ip: request.ip,
      siteHost: siteHostOf(request, config),
      // A network that keeps failing must have solved a harder challenge (decision 170).
      minLevel:
        botCheck.provider === 'altcha' ? await signInDifficulty(attempts, config, request.ip) : 0,
    }))
  )
    throw new ApiError('BOT_CHECK_FAILED');

  const email = normalizeEmail(body.username);
  // Counted before the password is even looked at (decision 055): a held account tests no
  // guesses, and parallel guesses cannot all slip in before the first failure is recorded.
  // Held per account and network (decision 170): the owner elsewhere is not.
  const attempt = await countSignInAttempt(attempts, config, email, request.ip);

  const user = await signInRecord(database.db, email);
  let ok = false;
  if (user) ok = (await hasher.verify(user.passwordHash, body.password)) && user.active;
  else await hasher.verifyDummy(body.password); // same time for unknown emails
  if (!ok) {
    await attempt.failed(); // the attempt stays counted
    // No live account has this email. If one had it until lately, its owner hears of the try
    // by mail, after the answer; the answer is the unknown email's (decision 408).
    if (!user) noticeDeletedAccountSignIn(services, email);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  // A success is no failure: the pair starts afresh and the network becomes a known one.
  await attempt.succeeded();
  return sessions.start((user as { id: string }).id);
}

export async function oauth2Routes(
  app: FastifyInstance,
  services: OAuth2RouteServices,
): Promise<void> {
  app.post(
    `/${ACCOUNT_PATHS.token}`,
    {
      config: { accepts: 'form' },
      schema: {
        tags: ['oauth2'],
        summary: 'Token endpoint: password and refresh_token grants',
        description: `Form-encoded. Basic client credentials (public client: id checked, secret ignored). The password grant needs scope=API and a bot-check token in X-Bot-Check. grant_type=${EMAIL_CODE_GRANT} with username and code signs in with an emailed sign-in code (POST /api/v1/auth/sign-in-code), past the all-networks cap. Refresh tokens rotate on every use; replaying a spent one revokes its family. A refresh with an Idempotency-Key that is retried (same token, same key) within the reuse grace window gets the same tokens again. Errors carry RFC 6749 error/error_description and the spec shape.`,
        consumes: ['application/x-www-form-urlencoded'],
        security: [{ client: [], xsrf: [] }],
        body: TokenRequest,
        response: { 200: TokenResponseSchema, ...oauthErrors },
      },
    },
    async (request, reply) => {
      const body = request.body as Static<typeof TokenRequest>;
      requireClient(request, services, body.client_id);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      let issued;
      if (body.grant_type === 'password') issued = await passwordGrant(request, services, body);
      else if (body.grant_type === EMAIL_CODE_GRANT)
        issued = await emailCodeGrant(request, services, body);
      else if (body.grant_type === 'refresh_token') {
        if (body.refresh_token === undefined)
          throw new ApiError('VALIDATION_FAILED', 'Missing field "refresh_token" in the body.');
        issued = await services.sessions.refresh(body.refresh_token, idempotencyKeyOf(request));
      } else throw new ApiError('UNSUPPORTED_GRANT_TYPE');
      const { access_token, refresh_token, expires_in, token_type } = issued;
      return { access_token, refresh_token, expires_in, token_type };
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.revoke}`,
    {
      config: { accepts: 'form' },
      schema: {
        tags: ['oauth2'],
        summary: 'Sign out: revoke a refresh token and its whole family (RFC 7009)',
        description: 'Always 200 for a known client, whether or not the token was valid.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [{ client: [], xsrf: [] }],
        body: RevokeRequest,
        response: { 200: Type.Object({}), ...oauthErrors },
      },
    },
    async (request, reply) => {
      const body = request.body as Static<typeof RevokeRequest>;
      requireClient(request, services, body.client_id);
      await services.sessions.revokeByToken(body.token);
      reply.header('cache-control', 'no-store');
      return {};
    },
  );
}
