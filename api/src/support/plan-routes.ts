/**
 * Support's plan and account actions (issue 33 §4, decision 414): cancel a subscription's
 * renewal, extend it by whole days as goodwill, and start the account deletion the viewer asked
 * for. Each goes through billing's own rule (cancelRenewal, extendPeriod, eraseAccount: no second
 * cancel or deletion rule here), needs a reason, writes the audit (before → after) and mails the
 * viewer. A second click or a second agent acts once: the cancel and the deletion answer 409 the
 * second time, the extension names the period end it saw and is refused (409) when it moved.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SUPPORT_EXTENSION_DAYS, SUPPORT_PATHS } from '@crease/contract';
import type { StaffRole, SupportViewer } from '@crease/contract';
import { cancelRenewal, eraseAccount, extendPeriod } from '../billing';
import { ApiError } from '../platform/errors';
import { recordAudit, staffActor, staffGuard } from '../staff';
import { queueSupportPlanMail } from './support-mail';
import { supportViewer, viewerById } from './viewer-view';

const Reason = Type.String({
  minLength: 3,
  maxLength: 500,
  description: 'Why (kept in the audit log)',
});
const UserParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });
const json = { bearerOnly: true, accepts: 'json' as const };

const planOf = (sub: SupportViewer['subscription']) =>
  sub ? { state: sub.state, periodEnd: sub.periodEnd, renewing: sub.renewing } : null;

export async function supportPlanRoutes(
  root: FastifyInstance,
  roles: readonly StaffRole[],
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  const { clock } = services;
  const guard = staffGuard({ db, clock });
  const viewerOr404 = async (userId: string) => {
    const viewer = await viewerById(db, userId);
    if (!viewer) throw new ApiError('VIEWER_NOT_FOUND');
    return viewer;
  };
  const view = async (userId: string): Promise<SupportViewer> => {
    const found = await supportViewer(db, userId, clock.now());
    if (!found) throw new ApiError('VIEWER_NOT_FOUND');
    return found;
  };

  app.post(
    `/${SUPPORT_PATHS.cancelSubscription}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: "Cancel a viewer's renewal (access to the period end), with a reason",
        params: UserParams,
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const me = await guard(request, roles);
      const viewer = await viewerOr404(request.params.userId);
      const before = planOf((await view(viewer.id)).subscription);
      // The viewer's own cancel: a second one is 409 SUBSCRIPTION_ALREADY_CANCELLED.
      const row = await cancelRenewal(services, viewer.id);
      const after = await view(viewer.id);
      await queueSupportPlanMail(
        db,
        viewer,
        {
          change: 'cancelled',
          planName: after.subscription?.planName ?? null,
          periodEnd: row.periodEnd?.toISOString() ?? null,
          days: null,
        },
        clock.now(),
      );
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.cancel-subscription',
        subject: `user:${viewer.id}`,
        before,
        after: { ...planOf(after.subscription), reason: request.body.reason },
      });
      return reply.header('cache-control', 'no-store').send(after);
    },
  );

  app.post(
    `/${SUPPORT_PATHS.extendSubscription}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: "Extend a viewer's running plan by whole days (goodwill), with a reason",
        params: UserParams,
        body: Type.Object(
          {
            reason: Reason,
            days: Type.Integer({
              minimum: SUPPORT_EXTENSION_DAYS.min,
              maximum: SUPPORT_EXTENSION_DAYS.max,
            }),
            periodEnd: Type.String({ format: 'date-time', description: 'The period end seen' }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const me = await guard(request, roles);
      const viewer = await viewerOr404(request.params.userId);
      const { days, periodEnd, reason } = request.body;
      const now = clock.now();
      // Read before the transaction: PGlite's one connection cannot answer outside it meanwhile.
      const planName = (await view(viewer.id)).subscription?.planName ?? null;
      const changed = await db.transaction(async (tx) => {
        const moved = await extendPeriod(tx, viewer.id, { days, seenPeriodEnd: periodEnd }, now);
        await queueSupportPlanMail(
          tx,
          viewer,
          {
            change: 'extended',
            planName,
            periodEnd: moved.after.periodEnd?.toISOString() ?? null,
            days,
          },
          now,
        );
        return moved;
      });
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.extend-subscription',
        subject: `user:${viewer.id}`,
        before: { periodEnd: changed.before.periodEnd?.toISOString() ?? null },
        after: { periodEnd: changed.after.periodEnd?.toISOString() ?? null, days, reason },
      });
      return reply.header('cache-control', 'no-store').send(await view(viewer.id));
    },
  );

  app.post(
    `/${SUPPORT_PATHS.deleteAccount}`,
    {
      config: json,
      schema: {
        tags: ['staff support'],
        summary: 'Delete the account a viewer asked support to delete, with a reason',
        params: UserParams,
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const me = await guard(request, roles);
      const viewer = await viewerOr404(request.params.userId);
      const before = await view(viewer.id);
      // The viewer's own deletion (billing's eraseAccount); its farewell mail is the viewer's too.
      const deleted = await eraseAccount(
        services,
        viewer.id,
        request.log,
        () => new ApiError('VIEWER_ALREADY_DELETED'),
      );
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'support.delete-account',
        subject: `user:${viewer.id}`,
        before: { plan: planOf(before.subscription), devices: before.devices.length },
        after: { deleted: true, deletedAt: deleted.deletedAt, reason: request.body.reason },
      });
      return reply.header('cache-control', 'no-store').send(deleted);
    },
  );
}
