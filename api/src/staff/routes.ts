/**
 * The staff routes under /api/v1/staff (issue 33 §1). Bearer-only (no cookies: nothing for a
 * cross-site form to ride on), each checked by the one role guard (guard.ts).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { STAFF_PATHS, STAFF_ROLES } from '@crease/contract';
import type { StaffSession } from '@crease/contract';
import { countSignInAttempt } from '../accounts';
import { readAudit, recordAudit, staffActor } from './audit';
import { ApiError } from './errors';
import { bearerOf, staffGuard } from './guard';
import {
  STAFF_SESSION_SECONDS,
  checkSecondFactor,
  createStaff,
  disableStaff,
  findStaffByEmail,
  listStaff,
  memberOf,
  openSession,
  revokeSession,
} from './staff-accounts';

const route = { bearerOnly: true };
const json = { ...route, accepts: 'json' as const };
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' });
const Role = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));

export async function staffRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  const { clock, hasher, attempts, config } = services;
  const guard = staffGuard({ db, clock });

  app.post(
    `/${STAFF_PATHS.signIn}`,
    {
      config: json,
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: password and a TOTP code (or a recovery code) in one call',
        body: Type.Object(
          {
            email: Email,
            password: Type.String({ minLength: 1, maxLength: 256 }),
            totp: Type.Optional(Type.String({ maxLength: 16 })),
            recoveryCode: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const { email, password, totp, recoveryCode } = request.body;
      // The viewers' limiter, on counters of its own (`staff:` emails): per account and network.
      const attempt = await countSignInAttempt(
        attempts,
        config,
        `staff:${email.toLowerCase()}`,
        request.ip,
      );
      const row = await findStaffByEmail(db, email);
      let passwordOk = false;
      if (row) passwordOk = await hasher.verify(row.passwordHash, password);
      else await hasher.verifyDummy(password);
      const factor =
        row && passwordOk && row.disabledAt === null
          ? await checkSecondFactor(db, clock, row, { totp, recoveryCode })
          : null;
      if (!row || !factor) {
        await attempt.failed();
        throw new ApiError('INVALID_CREDENTIALS');
      }
      await attempt.succeeded();
      const token = await openSession(db, clock, row.id, request.headers.origin ?? null);
      await recordAudit(db, clock, {
        actor: staffActor(row.id),
        action: 'staff.sign-in',
        subject: `staff:${row.id}`,
        after: { factor },
      });
      const session: StaffSession = {
        token,
        expiresIn: STAFF_SESSION_SECONDS,
        staff: memberOf(row),
      };
      return session;
    },
  );

  app.delete(
    `/${STAFF_PATHS.signOut}`,
    { config: route, schema: { tags: ['staff'], summary: 'Revoke this staff session' } },
    async (request, reply) => {
      const me = await guard(request, STAFF_ROLES);
      await revokeSession(db, clock, bearerOf(request) as string);
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'staff.sign-out',
        subject: `staff:${me.id}`,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    `/${STAFF_PATHS.me}`,
    { config: route, schema: { tags: ['staff'], summary: 'The signed-in staff member' } },
    async (request) => guard(request, STAFF_ROLES),
  );

  app.post(
    `/${STAFF_PATHS.members}`,
    {
      config: json,
      schema: {
        tags: ['staff'],
        summary:
          'Create a staff account (admin); the TOTP secret and recovery codes are shown once',
        body: Type.Object(
          { email: Email, password: Type.String({ minLength: 12, maxLength: 256 }), role: Role },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const me = await guard(request, ['admin']);
      const created = await createStaff({ db, clock, hasher }, request.body);
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'staff.create',
        subject: `staff:${created.staff.id}`,
        before: null,
        after: created.staff,
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    `/${STAFF_PATHS.members}`,
    { config: route, schema: { tags: ['staff'], summary: 'List staff accounts (admin)' } },
    async (request) => {
      await guard(request, ['admin']);
      return listStaff(db);
    },
  );

  app.post(
    `/${STAFF_PATHS.disable}`,
    {
      config: route,
      schema: {
        tags: ['staff'],
        summary: 'Disable a staff account and revoke its sessions (admin)',
        params: Type.Object({ staffId: Type.String({ format: 'uuid' }) }),
      },
    },
    async (request) => {
      const me = await guard(request, ['admin']);
      const before = (await listStaff(db)).find((m) => m.id === request.params.staffId) ?? null;
      const row = await disableStaff(db, clock, request.params.staffId);
      const after = memberOf(row);
      await recordAudit(db, clock, {
        actor: staffActor(me.id),
        action: 'staff.disable',
        subject: `staff:${row.id}`,
        before,
        after,
      });
      return after;
    },
  );

  app.get(
    `/${STAFF_PATHS.audit}`,
    {
      config: route,
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first (admin)',
        querystring: Type.Object({
          before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
        }),
      },
    },
    async (request) => {
      await guard(request, ['admin']);
      const { before } = request.query;
      return readAudit(db, before === undefined ? undefined : Number(before));
    },
  );
}
