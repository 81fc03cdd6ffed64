/**
 * Operator bearer tokens act as bots in the staff audit (issue 33 §1, decision 434). A route
 * that an operator token opened sets `request.operator` (the token's configured name, never the
 * token); every state-changing call of that kind that succeeds writes one audit entry, actor
 * `bot:<name>`, before the answer leaves, so an answered change is always in the log. Routes
 * name the action (`config.audit`) and may say the subject and before → after
 * (`request.auditChange`); without them the method and route stand in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPLAYED_HEADER } from '../platform/http/idempotency';
import { botActor, recordAudit } from './audit';

export interface AuditChange {
  subject?: string;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action's name in the staff audit when a bot (operator token) calls the route. */
    audit?: string;
  }
  interface FastifyRequest {
    /** What the handler changed, for the bot's audit entry (bot-audit.ts). */
    auditChange?: AuditChange;
    /**
     * `staff:<id>` when a staff session (not an operator token) opened an operator route that
     * accepts both (the producer's ingest keys): the entry names the person.
     */
    staffActor?: string;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The operator's name when an operator token opened this request ('' or absent otherwise). */
const operatorOf = (request: FastifyRequest): string =>
  (request as FastifyRequest & { operator?: string }).operator ?? '';

/** The route's params as the subject (`channelId=ch-1,keyId=…`) when the handler named none. */
function defaultSubject(request: FastifyRequest): string {
  const params = Object.entries((request.params ?? {}) as Record<string, string>);
  return params.length > 0
    ? params.map(([key, value]) => `${key}=${value}`).join(',')
    : (request.routeOptions.url ?? request.url);
}

/** Registers the one hook on the root instance, before the feature routes. */
export function registerBotAudit(app: FastifyInstance): void {
  const { services } = app;
  app.addHook('onSend', async (request, reply, payload) => {
    const operator = operatorOf(request);
    const actor = request.staffActor ?? (operator ? botActor(operator) : '');
    if (!actor || READS.has(request.method) || reply.statusCode >= 400) return payload;
    // A stored answer replayed for a retried Idempotency-Key changed nothing this time.
    if (reply.getHeader(REPLAYED_HEADER) !== undefined) return payload;
    const change = request.auditChange ?? {};
    await recordAudit(services.database.db, services.clock, {
      actor,
      action:
        request.routeOptions.config.audit ?? `${request.method} ${request.routeOptions.url ?? ''}`,
      subject: change.subject ?? defaultSubject(request),
      before: change.before,
      after: change.after,
    });
    return payload;
  });
}
