/**
 * A production-like edge environment for tests (decision 175): every setting the serving edge
 * requires with NODE_ENV=production. Tests that run the edge in production start from this, so
 * a new production requirement (a signing key, say) is added here once.
 */
export const PRODUCTION_EDGE_ENV = {
  NODE_ENV: 'production',
  CREASE_API_ORIGIN: 'https://api.crease.tv',
  CREASE_STREAM_EDGE_URL: 'https://video.crease.tv/',
  CREASE_RELEASE_PROOF_SECRET: 'production-release-proof-secret-0123456789',
  // The API's access-token key (32 bytes, base64url): signed-in viewers' reports (decision 411).
  CREASE_JWT_SECRET: 'cHJvZHVjdGlvbi1hY2Nlc3MtdG9rZW4ta2V5LTAxMjM0NQ',
};
