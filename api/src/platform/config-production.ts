/**
 * What production requires of the API's settings beyond their own format (decision 175). Each
 * setting here has a development default (a local site origin, the mail outbox, a made-up sender)
 * that must never reach production. The secrets (the `secretFrom` keys in config.ts) are
 * required where they are read; this covers the rest. Problems are collected, not thrown:
 * loadApiConfig reports everything wrong at once.
 */

import { notPublicBecause } from './public-host';

type Env = Record<string, string | undefined>;

/** "NAME is required in production (…)": the one phrasing, so a report names every missing one. */
export const requiredInProduction = (name: string, what: string) =>
  `${name} is required in production (${what})`;

/** The production rules for the settings that are not secrets; `siteOrigins` as parsed. */
export function productionProblems(
  env: Env,
  { siteOrigins, cookieSecure }: { siteOrigins: string[]; cookieSecure: boolean },
): string[] {
  const problems: string[] = [];
  if (!env.CREASE_SITE_ORIGINS)
    problems.push(
      requiredInProduction(
        'CREASE_SITE_ORIGINS',
        'the https origins of the site, e.g. https://crease.tv',
      ),
    );
  else
    for (const origin of siteOrigins) {
      // Judged as the URL parser reads it (issue 31): `https://localhost.` is localhost,
      // `https://[::ffff:127.0.0.1]` is loopback, `https://*` names no site at all.
      const url = URL.canParse(origin) ? new URL(origin) : null;
      const why = !url
        ? 'not a URL'
        : url.protocol !== 'https:'
          ? 'not https'
          : notPublicBecause(url.hostname);
      if (why)
        problems.push(
          `CREASE_SITE_ORIGINS must list only public https origins in production, got "${origin}" (${why})`,
        );
    }
  // Left unset it follows the first origin, which the rule above already holds to https.
  if (!cookieSecure && env.CREASE_COOKIE_SECURE)
    problems.push('CREASE_COOKIE_SECURE=false is not allowed in production');
  if (!env.SMTP_URL)
    problems.push(
      requiredInProduction(
        'SMTP_URL',
        'smtps://user:password@host:465; without it mail would only land in the outbox table',
      ),
    );
  if (!env.CREASE_MAIL_FROM)
    problems.push(
      requiredInProduction('CREASE_MAIL_FROM', 'the sender, e.g. Crease <no-reply@crease.tv>'),
    );
  return problems;
}
