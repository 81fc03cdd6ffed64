/**
 * The one role guard every staff route uses: a live staff session (Authorization: Bearer) from
 * the origin it was made on, and one of the roles the route allows. Server-side, per call.
 */
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@crease/contract';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { ApiError } from './errors';
import { memberOf, sessionStaff } from './staff-accounts';
import type { StaffDeps } from './staff-accounts';

export const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
};

export type StaffGuard = (
  request: FastifyRequest,
  roles: readonly StaffRole[],
) => Promise<ReturnType<typeof memberOf>>;

export function staffGuard({
  db,
  clock,
}: { db: Db; clock: Clock } & Partial<StaffDeps>): StaffGuard {
  return async (request, roles) => {
    const token = bearerOf(request);
    const found = token ? await sessionStaff(db, clock, token) : null;
    if (!found) throw new ApiError('UNAUTHORIZED');
    const origin = request.headers.origin;
    // Bound to the console's origin: a session made on one origin is refused from another.
    if (found.origin !== null && origin !== undefined && origin !== found.origin)
      throw new ApiError('UNAUTHORIZED');
    if (!roles.includes(found.row.role)) throw new ApiError('STAFF_FORBIDDEN');
    return memberOf(found.row);
  };
}

/**
 * For routes that take an operator token or a staff session (the producer's ingest keys): the
 * staff actor (`staff:<id>`) when the bearer is a live staff session of one of `roles`; null when
 * it is no staff session at all (the route's operator check decides); 403 for another role.
 */
export function staffOrNull(
  deps: { db: Db; clock: Clock },
  roles: readonly StaffRole[],
): (request: FastifyRequest) => Promise<string | null> {
  const guard = staffGuard(deps);
  return async (request) => {
    const token = bearerOf(request);
    if (!token || !(await sessionStaff(deps.db, deps.clock, token))) return null;
    return `staff:${(await guard(request, roles)).id}`;
  };
}
