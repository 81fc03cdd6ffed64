/**
 * docs/product.md §7: "All calls go to an API host derived from the root domain of the current page."
 * www.crease.tv -> https://api.crease.tv; localhost:8080 -> http://api.localhost:8080.
 * Multi-part public suffixes (co.uk) and IP hosts need the configured override.
 */
export function deriveApiOrigin(page: {
  protocol: string;
  hostname: string;
  port: string;
}): string {
  const { protocol, hostname, port } = page;
  const portPart = port ? `:${port}` : '';
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (isIp) return `${protocol}//${hostname}${portPart}`;
  const labels = hostname.split('.').filter(Boolean);
  const root = labels.length <= 2 ? labels.join('.') : labels.slice(-2).join('.');
  return `${protocol}//api.${root}${portPart}`;
}
