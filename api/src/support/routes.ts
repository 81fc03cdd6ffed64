/**
 * Support's desk (issue 33 §4, decision 402) under /api/v1/staff/support: find a viewer by email,
 * refund a payment through the provider, sign out a device or every device, resend a receipt.
 * Staff bearer, support and admin only, checked per call by staff's one guard. Every action
 * needs a reason, writes the audit log (before → after, the reason with it) and mails the viewer
 * where a viewer would expect it (support-mail.ts).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SUPPORT_PATHS } from '@crease/contract';
import type { StaffRole, SupportRefundAccepted } from '@crease/contract';
import { lockSubscription, refundPayment, signOutDevice } from '../billing';
import { ApiError } from '../platform/errors';
import { recordAudit, staffActor, staffGuard } from '../staff';
import { supportPlanRoutes } from './plan-routes';
import { queueReceiptAgain, queueRefundMail, queueSupportSignOutMail } from './support-mail';
import { findViewer, supportViewer, viewerById } from './viewer-view';

/** Who may use the desk: support, and admin who may do anything. */
export const SUPPORT_ROLES: readonly StaffRole[] = ['support', 'admin'];

const json = { bearerOnly: true, accepts: 'json' as const };
const Reason = Type.String({
  minLength: 3,
  maxLength: 500,
  description: 'Why (kept in the audit log)',
});
const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.String({ minLength: 8, maxLength: 255 }),
});

export async function supportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  const { clock } = services;
  const guard = staffGuard({ db, clock });
  // Cancel, extend and delete: beside these, in their own module (decision 414).
  await supportPlanRoutes(root, SUPPORT_ROLES);
  const viewerOr404 = async (userId: string) => {
    const viewer = await viewerById(db, userId);
    if (!viewer) throw new ApiError('VIEWER_NOT_FOUND');
    return viewer;
  };

  app.get(
    `/${SUPPORT_PATHS.viewer}`,
    {
      config: { bearerOnly: true },
      schema: {
        tags: ['staff support'],
        summary: 'Find a viewer by email: plan, payments, devices, streams now, mail sent',
        querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }),
      },
    },
    async (request, reply) => {
      await guard(request, SUPPORT_ROLES);
      const found = await findViewer(db, request.query.email);
      const view = found ? await supportViewer(db, found.id, clock.now()) : null;
      if (!view) throw new ApiError('VIEWER_NOT_FOUND');
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  app.post(
    `/${SUPPORT_PATHS.refund}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: 'Refund a payment through its provider, with a reason (Idempotency-Key)',
        params: Type.Object({ paymentId: Type.String({ maxLength: 64 }) }),
        headers: IdempotencyHeader,
        body: Type.Object(
          { reason: Reason, amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const me = await guard(request, SUPPORT_ROLES);
      const { reason, amount } = request.body;
      const before = await paymentState(request.params.paymentId);
      const refunded = await refundPayment(services, {
        paymentId: request.params.paymentId,
        amount,
        // Per staff member: one person's retry reaches the provider once.
        idempotencyKey: `staff:${me.id}:${request.headers['idempotency-key']}`,
      });
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.refund',
        subject: `payment:${refunded.paymentId}`,
        before,
        after: {
          reason,
          refundId: refunded.refundId,
          amountAsked: refunded.amount,
          viewer: `user:${refunded.userId}`,
        },
      });
      const answer: SupportRefundAccepted = {
        paymentId: refunded.paymentId,
        refundId: refunded.refundId,
        amount: refunded.amount,
      };
      // The viewer hears of it at once; the history and the receipt follow the provider's webhook.
      await queueRefundMail(
        db,
        {
          paymentId: refunded.paymentId,
          refundId: refunded.refundId,
          amountMinor: Math.round(refunded.amount * 100),
        },
        clock.now(),
      );
      return reply.code(202).send(answer);
    },
  );

  /** What the audit shows as "before" of a refund: the payment as the ledger has it now. */
  async function paymentState(paymentId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
    const rows = await db.execute(
      sql`SELECT amount_cents, currency,
        COALESCE((SELECT sum(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id), 0) AS refunded
        FROM payments p WHERE p.id = ${paymentId}`,
    );
    const [row] = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
    return row
      ? {
          amount: Number(row.amount_cents) / 100,
          currency: row.currency,
          refunded: Number(row.refunded) / 100,
        }
      : null;
  }

  app.post(
    `/${SUPPORT_PATHS.resendReceipt}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: "Mail a payment's receipt to its viewer again, with a reason",
        params: Type.Object({ paymentId: Type.String({ maxLength: 64 }) }),
        body: ReasonBody,
      },
    },
    async (request, reply) => {
      const me = await guard(request, SUPPORT_ROLES);
      const now = clock.now();
      const queued = await queueReceiptAgain(
        db,
        request.params.paymentId,
        `${me.id}:${now.toISOString()}`,
        now,
      );
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.resend-receipt',
        subject: `payment:${request.params.paymentId}`,
        before: null,
        after: {
          reason: request.body.reason,
          to: `user:${queued.userId}`,
          invoiceNumber: queued.invoiceNumber,
        },
      });
      return reply.code(204).send();
    },
  );

  app.post(
    `/${SUPPORT_PATHS.signOutDevice}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: "Sign out one of a viewer's devices: its sessions and streams end",
        params: Type.Object({
          userId: Type.String({ maxLength: 64 }),
          vidictId: Type.String({ maxLength: 128 }),
        }),
        body: ReasonBody,
      },
    },
    async (request, reply) => {
      const me = await guard(request, SUPPORT_ROLES);
      const viewer = await viewerOr404(request.params.userId);
      const now = clock.now();
      const { vidictId } = request.params;
      const device = (await supportViewer(db, viewer.id, now))?.devices.find(
        (d) => d.vidictId === vidictId,
      );
      await db.transaction(async (tx) => {
        await lockSubscription(tx, viewer.id, now);
        await signOutDevice(tx, viewer.id, vidictId, now);
        await queueSupportSignOutMail(
          tx,
          viewer,
          {
            scope: 'one',
            device: device?.description ?? null,
            key: `${vidictId}:${now.toISOString()}`,
          },
          now,
        );
      });
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.sign-out-device',
        subject: `user:${viewer.id}`,
        before: { device: request.params.vidictId, signedIn: true },
        after: { device: request.params.vidictId, signedIn: false, reason: request.body.reason },
      });
      return reply.code(204).send();
    },
  );

  app.post(
    `/${SUPPORT_PATHS.signOutAll}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: 'Sign out every device of a viewer: every session and stream ends',
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        body: ReasonBody,
      },
    },
    async (request, reply) => {
      const me = await guard(request, SUPPORT_ROLES);
      const viewer = await viewerOr404(request.params.userId);
      const now = clock.now();
      const before =
        (await supportViewer(db, viewer.id, now))?.devices.map((d) => d.vidictId) ?? [];
      await db.transaction(async (tx) => {
        await lockSubscription(tx, viewer.id, now);
        for (const vidictId of before) await signOutDevice(tx, viewer.id, vidictId, now);
        await services.sessions.revokeAllForUser(tx, viewer.id, 'support-sign-out');
        await queueSupportSignOutMail(
          tx,
          viewer,
          { scope: 'all', device: null, key: `${viewer.id}:all:${now.toISOString()}` },
          now,
        );
      });
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.sign-out-all',
        subject: `user:${viewer.id}`,
        before: { devices: before },
        after: { devices: [], reason: request.body.reason },
      });
      return reply.code(204).send();
    },
  );
}
