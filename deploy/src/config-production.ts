/**
 * What production requires of the edge and the release service beyond each setting's own format
 * (decision 175): nothing a page's CSP lists may be a developer's machine, and nothing that
 * development fills in (an API origin read from the Host header, a local release-console token,
 * anonymous reads) stands in for a missing setting. Problems are collected, not thrown: the
 * config loaders report everything wrong at once.
 */

// The one phrasing of a missing setting, what counts as a public host and as a weak key: the API's.
import {
  notPublicBecause,
  requiredInProduction,
  weakSecretBecause,
  weakSecretProblem,
} from 'api/config';

/** Each set origin must be public https (the CSP lists them); null when not set. */
function publicHttpsProblem(name: string, value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  const why = !url
    ? 'not a URL'
    : url.protocol !== 'https:'
      ? 'not https'
      : notPublicBecause(url.hostname);
  return why
    ? `${name} must be a public https origin in production, got "${value}" (${why})`
    : null;
}

/**
 * The serving edge in production. Without CREASE_API_ORIGIN the edge would derive the API origin
 * from each request's Host header, so `Host: localhost` would put api.localhost in the CSP.
 */
export function edgeProductionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env.CREASE_API_ORIGIN)
    problems.push(
      requiredInProduction('CREASE_API_ORIGIN', 'the API origin, e.g. https://api.crease.tv'),
    );
  // The edge signs what it serves (decision 156): a production edge without the shared key would
  // mint proofs no other replica or the release service accepts.
  problems.push(...releaseProofProblems(env), ...viewerKeyProblems(env));
  for (const name of ['CREASE_API_ORIGIN', 'CREASE_STREAM_EDGE_URL', 'CREASE_ASSET_ORIGIN']) {
    const problem = publicHttpsProblem(name, env[name]);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * The release service in production: release managers sign in with a token, and there is no
 * local console token or anonymous read to fall back on.
 */
export function releaseServiceProductionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems = env.CREASE_RELEASE_TOKENS?.trim()
    ? []
    : [
        requiredInProduction(
          'CREASE_RELEASE_TOKENS',
          'name:token pairs for the release API and console, tokens 16+ characters',
        ),
      ];
  // The service checks the proofs of the fallbacks and signals nginx forwards to it.
  return [...problems, ...releaseProofProblems(env), ...viewerKeyProblems(env)];
}

/**
 * The API's access-token key (decision 411): only reports from signed-in viewers veto a version
 * or roll a canary back, and only this key tells them apart. Without it production would never
 * veto or roll back by itself, silently.
 */
function viewerKeyProblems(env: NodeJS.ProcessEnv): string[] {
  return env.CREASE_JWT_SECRET?.trim()
    ? []
    : [
        requiredInProduction(
          'CREASE_JWT_SECRET',
          "the API's access-token key (the same value as the API's), so signed-in viewers' reports count",
        ),
      ];
}

/** The release-proof key (decision 156), shared by every edge and the release service. */
function releaseProofProblems(env: NodeJS.ProcessEnv): string[] {
  const keys = (env.CREASE_RELEASE_PROOF_SECRET ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  // Each key, the one signing and the ones still accepted while rotating, must look random.
  const weak = keys.map(weakSecretBecause).find((why) => why !== null);
  if (weak) return [weakSecretProblem('CREASE_RELEASE_PROOF_SECRET', weak)];
  return keys.length > 0
    ? []
    : [
        requiredInProduction(
          'CREASE_RELEASE_PROOF_SECRET',
          'the key that signs release proofs, 32+ characters, comma-separated while rotating',
        ),
      ];
}
