import fs from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { isReleaseVersion } from '@crease/contract';
import { CONTENT_TYPES } from './content-types';
import { buildFiles, versionOf } from './artifact-store';
import type { AppName, ArtifactStore, PublishedArtifact } from './artifact-store';

export interface S3Config {
  bucket: string;
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (path-style URLs). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. "crease/" (may be empty). */
  prefix: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Uploads at once: enough to hide latency, few enough not to trip request-rate limits. */
const PARALLEL_UPLOADS = 8;

/**
 * Artifacts in an S3-compatible object store, signed with SigV4 over fetch. Objects carry the
 * cache headers the CDN passes on. The manifest goes up last, so a half-finished upload is
 * never a published version (has() looks for the manifest).
 */
export class S3ArtifactStore implements ArtifactStore {
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: 3,
    });
  }

  get description(): string {
    return `s3 ${this.config.endpoint}/${this.config.bucket}/${this.config.prefix}`;
  }

  private url(key: string): string {
    const encoded = `${this.config.prefix}${key}`.split('/').map(encodeURIComponent).join('/');
    return `${this.config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.config.bucket)}/${encoded}`;
  }

  private key(app: AppName, version: string, file: string): string {
    if (!isReleaseVersion(version)) throw new Error(`invalid version "${version}"`);
    if (file.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`invalid artifact file "${file}"`);
    }
    return `apps/${app}/${version}/${file}`;
  }

  private async put(key: string, body: Buffer, contentType: string, cacheControl: string) {
    const response = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType, 'cache-control': cacheControl },
    });
    if (!response.ok) {
      throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    }
  }

  async has(app: AppName, version: string): Promise<boolean> {
    if (!isReleaseVersion(version)) return false;
    const response = await this.client.fetch(this.url(this.key(app, version, 'mf-manifest.json')), {
      method: 'HEAD',
    });
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`S3 HEAD failed: ${response.status}`);
    return true;
  }

  async readFile(app: AppName, version: string, file: string): Promise<Buffer | null> {
    if (!isReleaseVersion(version)) return null;
    const response = await this.client.fetch(this.url(this.key(app, version, file)));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`S3 GET ${file} failed: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async publish(
    app: AppName,
    buildDir: string,
    packageVersion: string,
  ): Promise<PublishedArtifact> {
    const version = versionOf(buildDir, packageVersion);
    if (await this.has(app, version)) return { app, version, created: false };
    const files = buildFiles(buildDir).filter((file) => file !== 'mf-manifest.json');
    const upload = async (file: string) =>
      this.put(
        this.key(app, version, file),
        fs.readFileSync(path.join(buildDir, file)),
        CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        IMMUTABLE,
      );
    for (let i = 0; i < files.length; i += PARALLEL_UPLOADS) {
      await Promise.all(files.slice(i, i + PARALLEL_UPLOADS).map(upload));
    }
    await upload('mf-manifest.json');
    return { app, version, created: true };
  }
}
