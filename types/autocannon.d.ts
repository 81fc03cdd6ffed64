// autocannon ships no types; this is the part the benches and their kit (@crease/test-utils
// bench-kit) use.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before each request is sent; its result is what goes on the wire. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      /** Called with every response (status, body, per-connection context, headers). */
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string | string[]>,
      ) => void;
    }
    interface Options extends Request {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Exactly this many requests, spread over the connections (instead of a duration). */
      amount?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      mean: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
      resets: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
