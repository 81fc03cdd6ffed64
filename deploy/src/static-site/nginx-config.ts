import fs from 'node:fs';
import path from 'node:path';

export const NGINX_DIR = path.resolve(import.meta.dirname, '..', '..', 'nginx');
export const NGINX_TEMPLATE = path.join(NGINX_DIR, 'crease.conf.template');

/** Every placeholder the template uses; rendering fails unless each has a value. */
export const NGINX_VARIABLES = [
  'LISTEN_PORT',
  'SITE_HOSTS',
  'SITE_ROOT',
  'CDN_HOST',
  'CDN_ORIGIN',
  'ARTIFACTS_ROOT',
  'API_HOST',
  'API_ORIGIN',
  'API_UPSTREAM',
  'OPS_UPSTREAM',
  'TRUSTED_PROXIES',
] as const;
export type NginxVariables = Record<(typeof NGINX_VARIABLES)[number], string>;

/** `NAME=value` lines; `#` comments and blank lines ignored. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) throw new Error(`not NAME=value: "${trimmed.slice(0, 60)}"`);
    values[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return values;
}

/**
 * Fills `${NAME}` placeholders (nginx's own `$variables` have no braces and stay). A missing
 * value, an unknown placeholder or a value that could break out of its directive is an error.
 */
export function renderNginxConfig(template: string, values: Record<string, string>): string {
  const problems: string[] = [];
  for (const name of NGINX_VARIABLES) {
    const value = values[name];
    if (value === undefined || value === '') problems.push(`${name} has no value`);
    else if (/[;{}"'\n\\$]/.test(value))
      problems.push(`${name} contains a character nginx would misread`);
  }
  const rendered = template.replace(/\$\{([A-Z_]+)\}/g, (match, name: string) => {
    if (!(NGINX_VARIABLES as readonly string[]).includes(name)) {
      problems.push(`unknown placeholder ${match}`);
      return match;
    }
    return values[name] ?? match;
  });
  if (problems.length)
    throw new Error(`cannot render the nginx config:\n- ${problems.join('\n- ')}`);
  return rendered;
}

export function renderNginxConfigFile(envFile: string): string {
  return renderNginxConfig(
    fs.readFileSync(NGINX_TEMPLATE, 'utf8'),
    parseEnvFile(fs.readFileSync(envFile, 'utf8')),
  );
}
