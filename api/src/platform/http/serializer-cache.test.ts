/** @jest-environment node */
/**
 * Decision 482: an API process compiles a route's response serializer once, however many API
 * instances it starts, and compiles again for other serializer options or shared schemas.
 */
import Fastify from 'fastify';
import { buildCachedSerializer } from './serializer-cache';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });
const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, count: { type: 'integer' } },
  required: ['name'],
};

describe('response serializers compiled once per process', () => {
  it('gives a second instance the function the first compiled for the same schema object', () => {
    const first = buildCachedSerializer({}, {})(route(SCHEMA));
    const second = buildCachedSerializer({}, {})(route(SCHEMA));
    expect(second).toBe(first);
    // The same output as fast-json-stringify: only the schema's fields, in its types.
    expect(first({ name: 'Kolkata', count: 3, secret: 'x' })).toBe('{"name":"Kolkata","count":3}');
  });

  it('compiles again for another schema object, other options or other shared schemas', () => {
    const base = buildCachedSerializer({}, {})(route(SCHEMA));
    expect(buildCachedSerializer({}, {})(route({ ...SCHEMA }))).not.toBe(base);
    expect(buildCachedSerializer({}, { rounding: 'ceil' })(route(SCHEMA))).not.toBe(base);
    const shared = { 'shared#': { $id: 'shared#', type: 'string' } };
    expect(buildCachedSerializer(shared, {})(route(SCHEMA))).not.toBe(base);
  });

  it('serves two Fastify instances of one process with one compilation per route', async () => {
    const compiled: unknown[] = [];
    const build = () => {
      const app = Fastify({
        schemaController: {
          compilersFactory: {
            buildSerializer: (externalSchemas, options) => {
              const compile = buildCachedSerializer(externalSchemas, options);
              return (definition) => {
                const serializer = compile(definition);
                compiled.push(serializer);
                return serializer;
              };
            },
          },
        },
      });
      app.get('/team', { schema: { response: { 200: SCHEMA } } }, async () => ({
        name: 'Mumbai',
        count: 2,
        hidden: true,
      }));
      return app;
    };
    const apps = [build(), build()];
    try {
      const bodies = await Promise.all(
        apps.map(async (app) => (await app.inject({ url: '/team' })).body),
      );
      expect(bodies).toEqual(['{"name":"Mumbai","count":2}', '{"name":"Mumbai","count":2}']);
      // GET and its HEAD in each instance: four routes served by one compiled function.
      expect(compiled).toHaveLength(4);
      expect(new Set(compiled).size).toBe(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
