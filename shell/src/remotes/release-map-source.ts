import { parseReleaseMap } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';

/** Same origin as the page: the edge (or nginx) serves it no-cache with an ETag. */
export const RELEASE_MAP_PATH = '/release-map.json';
/** Each map answer carries a fresh release proof for this browser here (decision 155). */
export const RELEASE_PROOF_HEADER = 'x-crease-release-proof';

/**
 * Reads an answer's (empty) body to its end. A 304 whose body is never read is torn down by
 * Chromium as ERR_ABORTED: a "failed" request in DevTools on every route change (issue 23 §4),
 * though the check had its answer. Reading it lets the request finish as the 304 it is.
 */
async function drain(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // Nothing to read, nothing lost: the status and headers were all we needed.
  }
}

/**
 * How a route change settled the map:
 * - `initial`: the document's first route, which uses the map inlined into the HTML (no request);
 * - `skipped`: the route shows no remote, so it needs no map (no request);
 * - `not-modified`: 304, the known map is current;
 * - `updated`: a new map replaced the known one;
 * - `kept`: the check failed or timed out; the known map stays (never blocks the viewer longer).
 */
export type MapCheckOutcome = 'initial' | 'skipped' | 'not-modified' | 'updated' | 'kept';

export interface ReleaseMapSourceOptions {
  initial: ReleaseMap;
  /** The ETag of the inlined map (boot data), so the first check after boot is a 304. */
  initialEtag: string | null;
  /** Absolute URL of the map (RELEASE_MAP_PATH resolved against the page). */
  url: string;
  /** A check that takes longer than this keeps the known map. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  onProblem?(message: string): void;
  /** Each answer (200 or 304) carries a fresh release proof for this browser (decision 155). */
  onProof?(token: string): void;
}

/**
 * The live release map as this tab knows it (docs/architecture.md §3: "open tabs pick up a new map at
 * the next route change, never mid-screen"). Nothing here polls: the router asks before each
 * route renders, and the answer applies to that route only from then on.
 */
export class ReleaseMapSource {
  private map: ReleaseMap;
  private etag: string | null;
  private firstRoute = true;
  private inFlight: Promise<MapCheckOutcome> | null = null;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ReleaseMapSourceOptions) {
    this.map = options.initial;
    this.etag = options.initialEtag;
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.fetchImpl = options.fetchImpl ?? ((...args) => fetch(...args));
  }

  current(): ReleaseMap {
    return this.map;
  }

  currentEtag(): string | null {
    return this.etag;
  }

  /**
   * Called by the router before a route renders. The document's first route is served by the
   * HTML that carries the map, so it costs nothing; later routes that show a remote revalidate.
   */
  beforeRoute({ showsRemote }: { showsRemote: boolean }): Promise<MapCheckOutcome> {
    if (this.firstRoute) {
      this.firstRoute = false;
      return Promise.resolve('initial');
    }
    if (!showsRemote) return Promise.resolve('skipped');
    return this.revalidate();
  }

  /** One conditional GET; concurrent callers (a redirect chain) share it. */
  revalidate(): Promise<MapCheckOutcome> {
    this.inFlight ??= this.check().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async check(): Promise<MapCheckOutcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      // no-store: the browser neither answers from its cache nor rewrites our If-None-Match,
      // so a 304 reaches us as a 304 and costs no body.
      const response = await this.fetchImpl(this.options.url, {
        headers: this.etag ? { 'if-none-match': this.etag } : {},
        cache: 'no-store',
        credentials: 'same-origin',
        signal: controller.signal,
      });
      const proof = response.headers.get(RELEASE_PROOF_HEADER);
      if (proof) this.options.onProof?.(proof);
      if (response.status === 304) {
        await drain(response);
        return 'not-modified';
      }
      if (!response.ok) return this.keep(`release map check answered HTTP ${response.status}`);
      const parsed = parseReleaseMap(await response.json());
      // A map with no usable shape would make every remote "unavailable": keep the known one.
      if (parsed.problems.length > 0 && Object.keys(parsed.map.remotes).length === 0)
        return this.keep(`release map rejected: ${parsed.problems.join('; ')}`);
      for (const problem of parsed.problems) this.options.onProblem?.(problem);
      const changed = JSON.stringify(parsed.map) !== JSON.stringify(this.map);
      this.map = parsed.map;
      this.etag = response.headers.get('etag');
      return changed ? 'updated' : 'not-modified';
    } catch (error) {
      return this.keep(
        controller.signal.aborted
          ? `release map check timed out after ${this.timeoutMs} ms`
          : `release map check failed: ${String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Asks for a fresh release proof without touching the map (a tab that stays on one screen
   * longer than a proof lives): a conditional GET whose answer only feeds `onProof`; a changed
   * map is left for the next route change, as ever. Never throws.
   */
  async renewProof(): Promise<void> {
    try {
      const response = await this.fetchImpl(this.options.url, {
        headers: this.etag ? { 'if-none-match': this.etag } : {},
        cache: 'no-store',
        credentials: 'same-origin',
      });
      const proof = response.headers.get(RELEASE_PROOF_HEADER);
      if (proof) this.options.onProof?.(proof);
      await drain(response);
    } catch {
      // the next route change or renewal tries again
    }
  }

  private keep(message: string): MapCheckOutcome {
    this.options.onProblem?.(message);
    return 'kept';
  }
}
