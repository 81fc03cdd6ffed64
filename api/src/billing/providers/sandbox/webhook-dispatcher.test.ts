/** @jest-environment node */
import { deliveryQueues } from './webhook-dispatcher';
import type { DueDelivery } from './webhook-dispatcher';

const delivery = (id: string, subject: string | null, createdAt: string): DueDelivery => ({
  id,
  target_url: 'http://127.0.0.1/webhooks',
  payload: subject === null ? 'not json' : JSON.stringify({ data: { object: { id: subject } } }),
  attempts: 1,
  created_at: createdAt,
});

describe('the sandbox delivers one object’s events in the order they happened', () => {
  it('queues each checkout’s events by creation time, whatever order they were claimed in', () => {
    const queues = deliveryQueues([
      delivery('paid', 'cs_1', '2026-11-25T10:00:00.300Z'),
      delivery('other', 'cs_2', '2026-11-25T10:00:00.200Z'),
      delivery('declined', 'cs_1', '2026-11-25T10:00:00.100Z'),
      delivery('poor', 'cs_1', '2026-11-25T10:00:00.150Z'),
    ]);
    expect(queues.map((queue) => queue.map((d) => d.id))).toEqual([
      ['declined', 'poor', 'paid'],
      ['other'],
    ]);
  });

  it('sends an event it cannot read on its own, never holding back the others', () => {
    const queues = deliveryQueues([
      delivery('garbled', null, '2026-11-25T10:00:00.100Z'),
      delivery('paid', 'cs_1', '2026-11-25T10:00:00.200Z'),
    ]);
    expect(queues.map((queue) => queue.map((d) => d.id))).toEqual([['garbled'], ['paid']]);
  });
});
