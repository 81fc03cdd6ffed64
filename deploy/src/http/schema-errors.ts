import type { FastifySchemaValidationError } from 'fastify';

export interface SchemaMessages {
  /** The body (or query) as a whole is the wrong shape. */
  whole: string;
  /** Fields not in the schema (only where the schema refuses them). */
  unknownFields?: (names: string[]) => string;
  /**
   * Field path -> what to say when it is wrong or missing, checked in order. "versions/*" is
   * any entry inside `versions`.
   */
  fields: Record<string, string>;
}

function concerns(error: FastifySchemaValidationError, field: string): boolean {
  if (field.endsWith('/*')) return error.instancePath.startsWith(`/${field.slice(0, -1)}`);
  if (error.instancePath === `/${field}`) return true;
  const required = (error.params as { requiredProperties?: unknown }).requiredProperties;
  return error.keyword === 'required' && Array.isArray(required) && required.includes(field);
}

/**
 * One clear sentence for a request the TypeBox schema refused: the first problem a person
 * would fix, in our words rather than the validator's ("must match a schema in anyOf").
 */
export function schemaErrorMessage(
  errors: readonly FastifySchemaValidationError[],
  messages: SchemaMessages,
): string {
  if (errors.some((e) => e.instancePath === '' && e.keyword === 'type')) return messages.whole;
  const extra = errors.find((e) => e.keyword === 'additionalProperties');
  const names = (extra?.params as { additionalProperties?: string[] } | undefined)
    ?.additionalProperties;
  if (names && messages.unknownFields) return messages.unknownFields(names);
  for (const [field, message] of Object.entries(messages.fields)) {
    if (errors.some((error) => concerns(error, field))) return message;
  }
  return messages.whole;
}
