import crypto from 'node:crypto';
import type { ReleaseConfig } from '../config';

export type ReleaseAuth = { actor: string } | { status: number; code: string; message: string };

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Bearer tokens from CREASE_RELEASE_TOKENS, each standing for an actor name. Compared as
 * SHA-256 digests with timingSafeEqual, against every token, so timing says nothing about
 * which token (or how much of one) matched.
 */
export function releaseAuthenticator(config: ReleaseConfig) {
  const tokens = config.tokens.map(({ name, token }) => ({ name, digest: digest(token) }));
  return (authorization: string | undefined, mutating: boolean): ReleaseAuth => {
    if (config.production && tokens.length === 0) {
      return {
        status: 403,
        code: 'RELEASE_API_LOCKED',
        message:
          'No release tokens are configured (CREASE_RELEASE_TOKENS), and production refuses release API calls without one.',
      };
    }
    const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const presented = digest(bearer);
      let actor: string | null = null;
      for (const token of tokens) {
        if (crypto.timingSafeEqual(presented, token.digest)) actor = token.name;
      }
      if (actor) return { actor };
      return {
        status: 401,
        code: 'INVALID_RELEASE_TOKEN',
        message: 'The release token is not valid.',
      };
    }
    if (!config.production && (!mutating || config.allowAnonymous)) return { actor: 'anonymous' };
    return {
      status: 401,
      code: 'RELEASE_TOKEN_REQUIRED',
      message: mutating
        ? 'Releasing needs a token: Authorization: Bearer <token>.'
        : 'Reading the registry in production needs a token: Authorization: Bearer <token>.',
    };
  };
}
