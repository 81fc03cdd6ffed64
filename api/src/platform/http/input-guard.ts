import { ApiError } from '../errors';

/** C0 controls (NUL included: PostgreSQL text cannot hold it), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * No route takes more than a few levels of nesting; 32 is generous (decision 056). A body within the 16 KB
 * limit can still nest ~8000 arrays, which overflowed the stack of a recursive walk (a 500).
 */
export const MAX_DEPTH = 32;
/**
 * Values (strings, numbers, keys, containers) one body or query may carry: the widest route
 * takes about 60 (an analytics event's 30 properties); a body limit raised to 1 MB must not buy
 * a walk over hundreds of thousands.
 */
export const MAX_VALUES = 4096;

interface Pending {
  value: unknown;
  path: string;
  /** Containers above this value. */
  depth: number;
}

/**
 * Returns a message naming the first string field that is not plain text: a control character
 * or a lone UTF-16 surrogate (which would be silently changed on its way into the database).
 * Also refuses values nested deeper than MAX_DEPTH or more than MAX_VALUES of them. Iterative,
 * with an explicit stack, so no input can exhaust the call stack.
 */
export function textProblem(root: unknown): string | null {
  // Last in, first out: children are pushed in reverse so problems are found in document order.
  const stack: Pending[] = [{ value: root, path: '', depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as Pending;
    seen += 1;
    if (seen > MAX_VALUES) return `The request has too many values (at most ${MAX_VALUES}).`;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value))
        return `Field "${path || 'value'}" is not valid Unicode text.`;
      if (CONTROL.test(value)) return `Field "${path || 'value'}" contains control characters.`;
      continue;
    }
    // Raw bytes (a signed webhook body) are not text fields; their signature vouches for them.
    if (Buffer.isBuffer(value)) continue;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH)
      return `The request is nested too deeply (at most ${MAX_DEPTH} levels) at "${path || 'value'}".`;
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) =>
        children.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }),
      );
    } else {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        children.push({ value: key, path: at, depth: depth + 1 });
        children.push({ value: item, path: at, depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Pending);
  }
  return null;
}

export function assertPlainText(body: unknown, query: unknown): void {
  const problem = textProblem(body) ?? textProblem(query);
  if (problem) throw new ApiError('VALIDATION_FAILED', problem);
}
