/**
 * The release proofs this tab was given (decision 155): the edge signs what it served this
 * browser (the remotes' versions and their fallbacks, a short expiry) into the page's boot data
 * and into every /release-map.json answer. Fallback reports and signal batches carry the proof
 * that names their version, or the release service drops them. The static tier's pages carry
 * none (decision 158): then reports go out without one and are only counted as unsigned.
 */
/** A map check renews the proof; older ones stay for a screen still running an older version. */
const KEPT = 4;
const TOKEN = /^[A-Za-z0-9_-]{1,1900}\.[A-Za-z0-9_-]{43}$/;

interface Known {
  token: string;
  /** Remote -> [version served, its fallback or null]. */
  served: Record<string, [string, string | null]>;
  expiresAt: number;
}

/** The payload the edge signed; the signature is the edge's business, never checked here. */
function decode(token: string): Known | null {
  if (!TOKEN.test(token)) return null;
  try {
    const base64 = token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      m?: unknown;
      x?: unknown;
    };
    if (typeof json.m !== 'object' || json.m === null || typeof json.x !== 'number') return null;
    return { token, served: json.m as Known['served'], expiresAt: json.x * 1000 };
  } catch {
    return null;
  }
}

export class ReleaseProofs {
  private known: Known[] = [];

  constructor(
    initial: string | null,
    private readonly now: () => number = () => Date.now(),
  ) {
    if (initial) this.add(initial);
  }

  /** A proof from the page or a map check; anything that is not one is ignored. */
  add(token: string | null | undefined): void {
    const known = token ? decode(token) : null;
    if (!known || this.known.some((k) => k.token === token)) return;
    this.known = [known, ...this.known].slice(0, KEPT);
  }

  /**
   * The newest unexpired proof that says this browser was served `version` of `remote` (and, for
   * a fallback report, `fallback` as its fallback); else the newest one, which the service will
   * refuse and count; null when the tab has none (the static tier).
   */
  proofFor(remote: string, version: string, fallback?: string): string | null {
    const now = this.now();
    const match = this.known.find((k) => {
      const pair = Object.hasOwn(k.served, remote) ? k.served[remote] : undefined;
      return (
        k.expiresAt > now &&
        pair?.[0] === version &&
        (fallback === undefined || pair[1] === fallback)
      );
    });
    return match?.token ?? this.known[0]?.token ?? null;
  }
}
