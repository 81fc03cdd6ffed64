import { ApiError } from '../errors';

/** C0 controls (NUL included: PostgreSQL text cannot hold it), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Returns a message naming the first string field that is not plain text: a control character
 * or a lone UTF-16 surrogate (which would be silently changed on its way into the database).
 */
export function textProblem(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) return `Field "${path || 'value'}" is not valid Unicode text.`;
    if (CONTROL.test(value)) return `Field "${path || 'value'}" contains control characters.`;
    return null;
  }
  // Raw bytes (a signed webhook body) are not text fields; their signature vouches for them.
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = textProblem(item, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem =
        textProblem(key, path ? `${path}.${key}` : key) ??
        textProblem(item, path ? `${path}.${key}` : key);
      if (problem) return problem;
    }
  }
  return null;
}

export function assertPlainText(body: unknown, query: unknown): void {
  const problem = textProblem(body) ?? textProblem(query);
  if (problem) throw new ApiError('VALIDATION_FAILED', problem);
}
