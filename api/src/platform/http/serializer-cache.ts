/**
 * Response serializers compiled once per process, not once per API instance (decision 482).
 *
 * When an instance becomes ready, Fastify compiles every route's response schema into a
 * fast-json-stringify function: about 1.8 s of CPU for this API's routes on a 2-core machine,
 * the largest part of an instance's start. Production starts one instance per process, so this
 * changes nothing there; the API tests start hundreds (several per suite, each in a test
 * process of its own), and each paid for the same compilation again.
 *
 * The compiled function depends only on the schema object and on the instance's serializer
 * options and shared schemas, so it is kept per schema object (the routes' TypeBox schemas are
 * module constants, the same objects in every instance) under a key of those options. It is
 * Fastify's own compiler, resolved beside Fastify, so nothing about what is compiled changes;
 * an instance with other options or shared schemas gets its own compilations.
 */
import { createRequire } from 'node:module';

/** What Fastify passes for one route's response (its status, and content type if any). */
interface RouteSchemaDefinition {
  method: string;
  url: string;
  httpStatus: string;
  schema?: unknown;
}

type Serializer = (data: unknown) => string;
type SerializerCompiler = (route: RouteSchemaDefinition) => Serializer;
type SerializerBuilder = (
  externalSchemas?: unknown,
  serializerOpts?: unknown,
) => SerializerCompiler;

/** Fastify's default serializer builder, the same module Fastify itself would use. */
function fastifyDefaultBuilder(): SerializerBuilder {
  const here = createRequire(import.meta.url);
  const besideFastify = createRequire(here.resolve('fastify'));
  const selector = besideFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerBuilder;
  };
  return selector.SerializerSelector();
}

let defaultBuilder: SerializerBuilder | null = null;
/** Options key → schema object → its compiled serializer. */
const compiled = new Map<string, WeakMap<object, Serializer>>();

/**
 * A `schemaController.compilersFactory.buildSerializer` for Fastify that reuses what an earlier
 * instance of this process compiled for the same schema object and the same options.
 */
export function buildCachedSerializer(
  externalSchemas?: unknown,
  serializerOpts?: unknown,
): SerializerCompiler {
  defaultBuilder ??= fastifyDefaultBuilder();
  const compile = defaultBuilder(externalSchemas, serializerOpts);
  const key = JSON.stringify([externalSchemas ?? null, serializerOpts ?? null]);
  let bySchema = compiled.get(key);
  if (!bySchema) {
    bySchema = new WeakMap();
    compiled.set(key, bySchema);
  }
  const cache = bySchema;
  return (route) => {
    const { schema } = route;
    // A boolean schema is compiled each time (Fastify's routes here all have object schemas).
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const known = cache.get(schema);
    if (known) return known;
    const serializer = compile(route);
    cache.set(schema, serializer);
    return serializer;
  };
}
