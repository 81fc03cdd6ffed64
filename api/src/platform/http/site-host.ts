import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config';

/**
 * The host name of the site page behind a request: its `Origin` when that is one of ours, else
 * the public site's (the first of CREASE_SITE_ORIGINS; scripts and curl send no Origin). Bot-check
 * proofs are bound to it (decision 053), so a proof made on another site does not count here.
 */
export function siteHostOf(
  request: Pick<FastifyRequest, 'headers'>,
  config: Pick<ApiConfig, 'siteOrigins'>,
): string {
  const origin = request.headers.origin;
  const ours = origin && config.siteOrigins.includes(origin) ? origin : config.siteOrigins[0];
  return new URL(ours as string).hostname;
}

/** The site origin for links (mail, payment pages): the caller's Origin when it is ours, else the public URL. */
export function siteOrigin(
  request: Pick<FastifyRequest, 'headers'>,
  services: { config: Pick<ApiConfig, 'siteOrigins'> },
): string {
  const origin = request.headers.origin;
  const { siteOrigins } = services.config;
  return origin && siteOrigins.includes(origin) ? origin : (siteOrigins[0] as string);
}

/** Every host name the site is served from. */
export function siteHosts(config: Pick<ApiConfig, 'siteOrigins'>): Set<string> {
  return new Set(config.siteOrigins.map((origin) => new URL(origin).hostname));
}
