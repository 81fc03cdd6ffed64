/**
 * Where each process of the local production-shaped cluster listens, and the environment each
 * one gets (decision 285). Pure: `start-cluster.ts` runs it, the tests read it.
 */
import path from 'node:path';

/** Replica counts: the smallest topology where a replica can die without an outage. */
export const API_REPLICAS = 3;
export const EDGE_REPLICAS = 2;

export interface ClusterPlan {
  /** nginx: the load balancer and CDN in front of everything (site, api. and cdn. hosts). */
  port: number;
  apiPorts: number[];
  edgePorts: number[];
  siteOrigin: string;
  apiOrigin: string;
  cdnOrigin: string;
  /** The cluster's folder: registry, artifacts, nginx prefix, logs. */
  dir: string;
}

export function planCluster(port: number, dir: string): ClusterPlan {
  return {
    port,
    apiPorts: Array.from({ length: API_REPLICAS }, (_, i) => port + 11 + i),
    edgePorts: Array.from({ length: EDGE_REPLICAS }, (_, i) => port + 21 + i),
    siteOrigin: `http://localhost:${port}`,
    apiOrigin: `http://api.localhost:${port}`,
    cdnOrigin: `http://cdn.localhost:${port}`,
    dir,
  };
}

/** Secrets every replica of a tier must share (minted per cluster run; nothing is committed). */
export interface ClusterSecrets {
  jwt: string;
  xsrf: string;
  streamToken: string;
  altcha: string;
  sandboxWebhook: string;
  releaseProof: string;
  releaseToken: string;
}

/**
 * The API replicas' environment: the committed production ConfigMap's values, then what this
 * machine needs instead. NODE_ENV stays development: production refuses the sandbox payment
 * provider and requires SMTP, and the cluster must run offline (decision 285).
 */
export function apiEnvironment(
  plan: ClusterPlan,
  configMap: Record<string, string>,
  secrets: ClusterSecrets,
  services: { databaseUrl: string; redisUrl: string },
  replica: number,
): Record<string, string> {
  const { NODE_ENV: _production, API_PORT: _port, API_HOST: _host, ...shared } = configMap;
  return {
    ...shared,
    NODE_ENV: 'development',
    API_PORT: String(plan.apiPorts[replica]),
    API_HOST: '127.0.0.1',
    PORT: String(plan.apiPorts[replica]),
    HOST: '127.0.0.1',
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    CREASE_DATA_DIR: path.join(plan.dir, `api-${replica + 1}`),
    CREASE_SITE_ORIGINS: plan.siteOrigin,
    CREASE_COOKIE_DOMAIN: '',
    CREASE_COOKIE_SECURE: 'false',
    CREASE_PAYMENTS: 'sandbox',
    // nginx is the only proxy, on loopback: its X-Forwarded-For is the viewer's address.
    CREASE_TRUST_PROXY: 'loopback',
    CREASE_JWT_SECRET: secrets.jwt,
    CREASE_XSRF_SECRET: secrets.xsrf,
    CREASE_STREAM_TOKEN_SECRET: secrets.streamToken,
    CREASE_ALTCHA_HMAC_KEY: secrets.altcha,
    CREASE_SANDBOX_WEBHOOK_SECRET: secrets.sandboxWebhook,
    // Webhooks go through the load balancer, so any replica may take them (and one may be dead).
    CREASE_SANDBOX_WEBHOOK_URL: `${plan.apiOrigin}/api/v1/billing/webhooks/sandbox`,
    // Media through the CDN host: nginx checks the token with a cached auth subrequest.
    CREASE_STREAM_EDGE_URL: `${plan.cdnOrigin}/`,
    CREASE_CATALOG_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** An edge replica's environment: serves what is live from the shared registry, no API. */
export function edgeEnvironment(
  plan: ClusterPlan,
  secrets: ClusterSecrets,
  replica: number,
): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: String(plan.edgePorts[replica]),
    HOST: '127.0.0.1',
    CREASE_DATA_DIR: path.join(plan.dir, 'release'),
    CREASE_API_ORIGIN: plan.apiOrigin,
    CREASE_STREAM_EDGE_URL: `${plan.cdnOrigin}/`,
    CREASE_TRUST_PROXY: 'loopback',
    CREASE_RELEASE_PROOF_SECRET: secrets.releaseProof,
    CREASE_RELEASE_TOKENS: `cluster:${secrets.releaseToken}`,
    LOG_LEVEL: 'warn',
  };
}
