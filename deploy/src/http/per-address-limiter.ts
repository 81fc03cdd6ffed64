/**
 * A fixed one-minute window per client address: cheap, and enough to keep one client from
 * flooding an ops endpoint (fallback reports, real-user signals). nginx limits in front too.
 */
export function perAddressLimiter(perMinute: number): (address: string) => boolean {
  let windowStart = Date.now();
  let seen = new Map<string, number>();
  return (address) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      seen = new Map();
    }
    const n = (seen.get(address) ?? 0) + 1;
    seen.set(address, n);
    return n <= perMinute;
  };
}
