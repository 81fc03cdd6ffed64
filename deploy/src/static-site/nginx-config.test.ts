/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import {
  NGINX_DIR,
  NGINX_TEMPLATE,
  NGINX_VARIABLES,
  parseEnvFile,
  renderNginxConfig,
  renderNginxConfigFile,
} from './nginx-config';

const PRODUCTION_ENV = path.join(NGINX_DIR, 'crease.production.env');
const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
const production = parseEnvFile(fs.readFileSync(PRODUCTION_ENV, 'utf8'));

describe('the nginx template', () => {
  it('renders with the production values: site, CDN and API hosts, CSP listing the CDN', () => {
    const conf = renderNginxConfigFile(PRODUCTION_ENV);

    expect(conf).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(conf).toContain('server_name www.crease.tv crease.tv;');
    expect(conf).toContain('server_name cdn.crease.tv;');
    expect(conf).toContain('server_name api.crease.tv;');
    expect(conf).toContain(
      "script-src 'self' 'nonce-$request_id' https://cdn.crease.tv; style-src 'self' 'unsafe-inline' https://cdn.crease.tv; connect-src 'self' https://api.crease.tv https://cdn.crease.tv;",
    );
    // Production never lets a page load code from a developer's machine.
    expect(conf).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it('has a value for every placeholder in the production env file, and no extra names', () => {
    expect(Object.keys(production).sort()).toEqual([...NGINX_VARIABLES].sort());
  });

  it('refuses a missing value, an unknown placeholder and a value that would break out', () => {
    const { API_ORIGIN: _dropped, ...missing } = production;
    expect(() => renderNginxConfig(template, missing)).toThrow('API_ORIGIN has no value');
    expect(() => renderNginxConfig(`${template}\n# \${SURPRISE}`, production)).toThrow(
      'unknown placeholder ${SURPRISE}',
    );
    expect(() =>
      renderNginxConfig(template, { ...production, SITE_HOSTS: 'crease.tv; include /etc/passwd' }),
    ).toThrow('SITE_HOSTS contains a character nginx would misread');
  });

  it('reads env files strictly', () => {
    expect(parseEnvFile('# comment\n\nA=1\nB=x=y\n')).toEqual({ A: '1', B: 'x=y' });
    expect(() => parseEnvFile('just words')).toThrow('not NAME=value');
  });
});
