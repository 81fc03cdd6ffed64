/** The spec's error body, exactly its four fields, from a signed-out caller (docs/product.md). */
import type { CallResult } from './test-api';

export function expectErrorShape(res: CallResult, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'message', 'timeStamp', 'userId']);
  expect(res.body).toMatchObject({ code, userId: null, message: expect.any(String) });
  expect(new Date(res.body.timeStamp as string).toString()).not.toBe('Invalid Date');
}
