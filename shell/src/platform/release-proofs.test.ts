/** @jest-environment node */
import { ReleaseProofs } from './release-proofs';
import { SignalQueue } from './release-signals';

/** A token shaped as the edge signs it (the signature is the edge's business, not the shell's). */
const token = (served: Record<string, [string, string | null]>, expiresAt: number, tag = 'A') =>
  `${Buffer.from(JSON.stringify({ v: 1, b: 'b', n: 'n', r: 1, m: served, x: expiresAt / 1000 })).toString('base64url')}.${tag.repeat(43)}`;

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

describe('ReleaseProofs', () => {
  it('picks the newest unexpired proof that names the version (and the fallback)', () => {
    const old = token({ 'mf-legal': ['1.0.0-aaaaaaaaaa', '1.0.0-0000000000'] }, NOW + HOUR, 'B');
    const proofs = new ReleaseProofs(old, () => NOW);
    const renewed = token({ 'mf-legal': ['1.0.0-bbbbbbbbbb', '1.0.0-aaaaaaaaaa'] }, NOW + HOUR);
    proofs.add(renewed);
    proofs.add('not a proof');
    expect(proofs.proofFor('mf-legal', '1.0.0-bbbbbbbbbb')).toBe(renewed);
    // A screen still showing the version it loaded before the promote keeps its own proof.
    expect(proofs.proofFor('mf-legal', '1.0.0-aaaaaaaaaa', '1.0.0-0000000000')).toBe(old);
    expect(proofs.proofFor('mf-legal', '1.0.0-bbbbbbbbbb', '1.0.0-0000000000')).toBe(renewed);
  });

  it('sends an expired or unrelated proof only as the newest one, and none on the static tier', () => {
    const expired = token({ 'mf-legal': ['1.0.0-aaaaaaaaaa', null] }, NOW - 1);
    expect(new ReleaseProofs(expired, () => NOW).proofFor('mf-legal', '1.0.0-aaaaaaaaaa')).toBe(
      expired,
    );
    expect(new ReleaseProofs(null, () => NOW).proofFor('mf-legal', '1.0.0-aaaaaaaaaa')).toBeNull();
  });

  it('puts each signal batch under the proof of its versions', async () => {
    const one = token({ 'mf-legal': ['1.0.0-aaaaaaaaaa', null] }, NOW + HOUR, 'C');
    const two = token({ 'mf-legal': ['1.0.0-bbbbbbbbbb', null] }, NOW + HOUR, 'D');
    const proofs = new ReleaseProofs(one, () => NOW);
    proofs.add(two);
    const bodies: { proof?: string; events: { version: string }[] }[] = [];
    const queue = new SignalQueue({
      url: '/s',
      proofFor: (remote, version) => proofs.proofFor(remote, version),
      transport: {
        sendBeacon: (_url, data) => {
          void data.text().then((text) => bodies.push(JSON.parse(text) as never));
          return true;
        },
      },
    });
    queue.view('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.view('mf-legal', '1.0.0-bbbbbbbbbb');
    queue.crash('mf-legal', '1.0.0-aaaaaaaaaa');
    queue.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toEqual([
      {
        proof: one,
        events: [
          { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'view' },
          { remote: 'mf-legal', version: '1.0.0-aaaaaaaaaa', kind: 'crash' },
        ],
      },
      { proof: two, events: [{ remote: 'mf-legal', version: '1.0.0-bbbbbbbbbb', kind: 'view' }] },
    ]);
  });
});
