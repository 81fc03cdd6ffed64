import { Type } from '@fastify/type-provider-typebox';
import type { SchemaMessages } from './schema-errors';

const optionalText = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description }));
const reason = optionalText('Why (recorded in the history).');
const ifRevision = Type.Optional(
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'Refuse unless the registry is still at this revision (from status).',
  }),
);
const app = Type.String({
  description: 'shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal',
});
const version = Type.String({ description: 'A published version, <package version>-<hash>.' });

/**
 * The release API's requests. Fields the API does not know are ignored (as they always were);
 * the registry checks app names and versions itself, with messages that list what is valid.
 */
export const releaseSchemas = {
  history: Type.Object({
    app: Type.Optional(app),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  }),
  publish: Type.Object({ app, version, reason }),
  promote: Type.Object({
    versions: Type.Record(Type.String(), Type.String(), {
      description: 'app -> version; several apps go live in one atomic revision.',
    }),
    reason,
    ifRevision,
  }),
  rollback: Type.Object({
    app,
    to: optionalText('A version to go back to; default: the last-known-good.'),
    reason,
    ifRevision,
  }),
  markGood: Type.Object({ app, version, reason, ifRevision }),
  clearVeto: Type.Object({ app, version, reason, ifRevision }),
  canary: Type.Object({
    app,
    version,
    percent: Type.Integer({
      minimum: 1,
      maximum: 99,
      description: 'The share of browsers (sticky buckets) that get the canary, 1-99.',
    }),
    reason,
    ifRevision,
  }),
};

/** What a refused request is told (the API's messages from before the schemas, unchanged). */
export const RELEASE_SCHEMA_MESSAGES: SchemaMessages = {
  whole: 'The body must be a JSON object.',
  fields: {
    'versions/*': 'Each version must be a string.',
    versions: 'versions must be an object {app: version}.',
    app: 'app must be the name of an app (a string).',
    version: 'version must be a string.',
    to: 'to must be a string.',
    reason: 'reason must be a string.',
    ifRevision: 'ifRevision must be a whole number.',
    limit: 'limit must be 1-1000.',
    percent: 'percent must be a whole number from 1 to 99.',
  },
};
