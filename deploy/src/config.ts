import path from 'node:path';

/** Edge server configuration, from the environment, validated at start (STYLE §9). */
export interface EdgeConfig {
  port: number;
  host: string;
  /** Where immutable artifacts live: <dir>/<app>/<version>/. */
  artifactsDir: string;
  /** The live release map file. */
  releaseMapFile: string;
  productName: string;
  /** Explicit API origin for the shell; null derives api.<root domain> in the browser. */
  apiOrigin: string | null;
  oauthClientId: string;
  /** Public client: the "secret" is shipped to every browser and is no defence. */
  oauthClientSecret: string;
  botCheckProvider: 'altcha' | 'recaptcha' | 'off';
  recaptchaSiteKey: string | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadEdgeConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): EdgeConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const apiOrigin = env.CREASE_API_ORIGIN ?? null;
  if (apiOrigin !== null && !/^https?:\/\/[^\s/]+$/.test(apiOrigin)) {
    problems.push(`CREASE_API_ORIGIN must look like https://api.example.com, got "${apiOrigin}"`);
  }
  const provider = env.CREASE_BOT_CHECK ?? 'altcha';
  if (provider !== 'altcha' && provider !== 'recaptcha' && provider !== 'off') {
    problems.push(`CREASE_BOT_CHECK must be altcha, recaptcha or off, got "${provider}"`);
  }
  const siteKey = env.CREASE_RECAPTCHA_SITE_KEY ?? null;
  if (provider === 'recaptcha' && !siteKey)
    problems.push('CREASE_BOT_CHECK=recaptcha needs CREASE_RECAPTCHA_SITE_KEY');
  const productName = env.CREASE_PRODUCT_NAME ?? 'Crease';
  if (productName.trim() === '' || productName.length > 60)
    problems.push('CREASE_PRODUCT_NAME must be 1-60 characters');
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  const dataDir = path.resolve(root, env.CREASE_DATA_DIR ?? '.data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    artifactsDir: path.join(dataDir, 'artifacts'),
    releaseMapFile: path.join(dataDir, 'release-map.json'),
    productName,
    apiOrigin,
    oauthClientId: env.CREASE_OAUTH_CLIENT_ID ?? 'crease-web',
    oauthClientSecret: env.CREASE_OAUTH_CLIENT_SECRET ?? 'public',
    botCheckProvider: provider as EdgeConfig['botCheckProvider'],
    recaptchaSiteKey: siteKey,
  };
}
