/** @jest-environment node */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The config module alone: the package's front door also loads the routes (ESM-only TypeBox).
import { loadApiConfig } from 'api/config';
import { parseAllDocuments } from 'yaml';

/**
 * deploy/k8s is applied by a pipeline we cannot run here, so its structure is checked here:
 * every object well-formed, and every cross-reference (labels, names, ports, config keys)
 * pointing at something that exists.
 */
const K8S_DIR = path.resolve(import.meta.dirname, '..', '..', 'k8s');
const API_SRC = path.resolve(import.meta.dirname, '..', '..', '..', 'api', 'src');

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const files = fs.readdirSync(K8S_DIR).filter((f) => f.endsWith('.yaml'));
const objects: Obj[] = files
  .filter((f) => f !== 'kustomization.yaml')
  .flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(K8S_DIR, file), 'utf8')).map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      return { ...(doc.toJS() as Obj), __file: file };
    }),
  );
const one = (kind: string, name?: string): Obj => {
  const found = objects.filter((o) => o.kind === kind && (!name || o.metadata?.name === name));
  if (found.length !== 1)
    throw new Error(`expected one ${kind} ${name ?? ''}, got ${found.length}`);
  return found[0]!;
};

/** Every environment variable the API reads (api/src/platform/config.ts and the parts it delegates to). */
const apiSource = [
  'platform/config.ts',
  'platform/config-production.ts',
  'platform/stream-config.ts',
  'platform/billing-config.ts',
]
  .map((file) => fs.readFileSync(path.join(API_SRC, file), 'utf8'))
  .join('\n');
const apiEnvNames = new Set(
  [
    // `env.NAME` or a name passed to a reader…
    ...apiSource.matchAll(/(?:env\.|env\[|int\(|bool\(|secretFrom\()'?([A-Z][A-Z0-9_]+)/g),
    // …or a schema's `NAME: env…(` (decision 205).
    ...apiSource.matchAll(/^\s+([A-Z][A-Z0-9_]+): env[A-Z]\w*\(/gm),
  ].map((m) => m[1]),
);

const deployment = one('Deployment', 'crease-api');
const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
const container = deployment.spec.template.spec.containers[0] as Obj;
const containerPorts = (container.ports as Obj[]).map((p) => p.name as string);
const matches = (selector: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => podLabels[k] === v);

describe('deploy/k8s', () => {
  it('is a set of well-formed objects in the crease namespace, all listed in the kustomization', () => {
    const kustomization = parseAllDocuments(
      fs.readFileSync(path.join(K8S_DIR, 'kustomization.yaml'), 'utf8'),
    )[0]!.toJS() as Obj;
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((f) => f !== 'kustomization.yaml').sort(),
    );
    for (const o of objects) {
      expect(typeof o.apiVersion).toBe('string');
      expect(typeof o.kind).toBe('string');
      expect(o.metadata?.name).toMatch(/^[a-z0-9-]+$/);
      if (o.kind !== 'Namespace') expect(o.metadata.namespace).toBe('crease');
    }
  });

  it('the API Deployment selects its own pods, probes readiness and liveness, requests resources', () => {
    expect(deployment.apiVersion).toBe('apps/v1');
    expect(matches(deployment.spec.selector.matchLabels)).toBe(true);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(containerPorts).toContain('http');
    expect(container.resources.requests).toEqual(
      expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
    );
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('takes its config from the ConfigMap and the Secret, with keys the API actually reads', () => {
    const configMap = one('ConfigMap', 'crease-api-config');
    const secret = one('Secret', 'crease-api-secrets');
    const refs = (container.envFrom as Obj[]).map((e) => e.configMapRef?.name ?? e.secretRef?.name);
    expect(refs).toEqual(['crease-api-config', 'crease-api-secrets']);

    const keys = [...Object.keys(configMap.data), ...Object.keys(secret.stringData)];
    expect(keys.filter((key) => key !== 'LOG_LEVEL' && !apiEnvNames.has(key))).toEqual([]);
    expect(configMap.data.NODE_ENV).toBe('production');
    expect(Number(configMap.data.API_PORT)).toBe(
      (container.ports as Obj[]).find((p) => p.name === 'http')!.containerPort,
    );
  });

  it('keeps secrets out of the ConfigMap and ships only marked placeholders in the Secret', () => {
    const configMap = one('ConfigMap', 'crease-api-config');
    expect(
      Object.keys(configMap.data).filter((k) => /SECRET|PASSWORD|KEY|DATABASE_URL|SMTP/.test(k)),
    ).toEqual([]);
    const secret = one('Secret', 'crease-api-secrets');
    for (const [key, value] of Object.entries(secret.stringData as Record<string, string>))
      expect(`${key}=${value}`).toContain('REPLACE_ME');
    for (const key of [
      'DATABASE_URL',
      'CREASE_JWT_SECRET',
      'CREASE_XSRF_SECRET',
      'CREASE_STREAM_TOKEN_SECRET',
      'CREASE_ALTCHA_HMAC_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ])
      expect(secret.stringData).toHaveProperty(key);
  });

  it('takes real payments through Stripe, never the sandbox (decision 204)', () => {
    const configMap = one('ConfigMap', 'crease-api-config');
    const secret = one('Secret', 'crease-api-secrets');
    expect(configMap.data.CREASE_PAYMENTS).toBe('stripe');
    const env = { ...configMap.data, ...secret.stringData } as Record<string, string>;
    expect(env).not.toHaveProperty('CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION');
    expect(env).not.toHaveProperty('CREASE_SANDBOX_WEBHOOK_SECRET');
    expect(secret.stringData.STRIPE_SECRET_KEY).toMatch(/^sk_live_/);
  });

  it('gives the API every setting production requires: with the placeholders filled in, it starts', () => {
    const configMap = one('ConfigMap', 'crease-api-config');
    const secret = one('Secret', 'crease-api-secrets');
    const env: Record<string, string> = { ...configMap.data, ...secret.stringData };
    // What an operator does: a real random key where the placeholder asks for one (a fixed
    // hash of the name: random-looking, as production requires, and the same on every run).
    for (const [key, value] of Object.entries(env))
      if (value.includes('REPLACE_ME_32_RANDOM_BYTES'))
        env[key] = crypto.createHash('sha256').update(key).digest('base64url');
      else if (value.includes('REPLACE_ME_RANDOM_HEX'))
        env[key] = crypto.createHash('sha256').update(key).digest('hex');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-k8s-config-'));
    try {
      const config = loadApiConfig(env, root);
      expect(config.env).toBe('production');
      expect(config.billing.provider).toBe('stripe');
      expect(config.siteOrigins.every((origin) => origin.startsWith('https://'))).toBe(true);
      // Nothing was generated to stand in for a missing secret (decision 175).
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the Service, HPA, PDB and Ingress point at the API Deployment', () => {
    const service = one('Service', 'crease-api');
    expect(matches(service.spec.selector)).toBe(true);
    for (const port of service.spec.ports as Obj[])
      expect(containerPorts).toContain(port.targetPort);

    const hpa = one('HorizontalPodAutoscaler', 'crease-api');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');

    expect(matches(one('PodDisruptionBudget', 'crease-api').spec.selector.matchLabels)).toBe(true);

    const ingress = one('Ingress', 'crease-api');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(service.metadata.name);
    expect((service.spec.ports as Obj[]).map((p) => p.name)).toContain(backend.port.name);
    expect(ingress.spec.rules[0].host).toMatch(/^api\./);
    expect(ingress.spec.tls[0].hosts).toContain(ingress.spec.rules[0].host);
  });
});
