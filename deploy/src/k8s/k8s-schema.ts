/**
 * Checks deploy/k8s against the Kubernetes API schema (decision 324): each object is validated by
 * its kind's schema from `kubernetes-models` (generated from Kubernetes' own OpenAPI document,
 * pure JS, offline): types, required fields, enums and int-or-string fields all the way down the
 * pod template. A kind with no schema here is an error, never a skip.
 *
 * Pinned to kubernetes-models 4.5.1, whose dependencies support Node 20 (5.x's declare Node ≥ 22,
 * decision 358); jest runs it through `deploy/src/cli/check-k8s.ts` in a child process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

interface Validatable {
  validate(): void;
}
/** Each class takes its kind's own shape; the YAML is handed over as it is, to be validated. */
type ModelClass = new (data: never) => Validatable;

/** `apiVersion kind` → the module of its model class. */
const MODELS: Record<string, () => Promise<ModelClass>> = {
  'v1 Namespace': async () => (await import('kubernetes-models/v1/Namespace')).Namespace,
  'v1 ConfigMap': async () => (await import('kubernetes-models/v1/ConfigMap')).ConfigMap,
  'v1 Secret': async () => (await import('kubernetes-models/v1/Secret')).Secret,
  'v1 Service': async () => (await import('kubernetes-models/v1/Service')).Service,
  'apps/v1 Deployment': async () =>
    (await import('kubernetes-models/apps/v1/Deployment')).Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': async () =>
    (await import('kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'))
      .HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': async () =>
    (await import('kubernetes-models/policy/v1/PodDisruptionBudget')).PodDisruptionBudget,
  'networking.k8s.io/v1 Ingress': async () =>
    (await import('kubernetes-models/networking.k8s.io/v1/Ingress')).Ingress,
};

export interface SchemaProblem {
  file: string;
  object: string;
  /** The offending field as a JSON pointer (`/spec/maxReplicas`), or '' for the object. */
  field: string;
  message: string;
}

interface AjvError {
  instancePath?: string;
  message?: string;
}

/** Every problem in the manifests of `dir` (kustomization.yaml is kustomize's, not an API object). */
export async function checkManifestSchemas(dir: string): Promise<SchemaProblem[]> {
  const problems: SchemaProblem[] = [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .sort();
  for (const file of files) {
    for (const doc of parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      const value = doc.toJS() as {
        apiVersion?: string;
        kind?: string;
        metadata?: { name?: string };
      };
      const object = `${value.kind ?? '?'}/${value.metadata?.name ?? '?'}`;
      const load = MODELS[`${value.apiVersion} ${value.kind}`];
      if (!load) {
        problems.push({
          file,
          object,
          field: '/kind',
          message: `no Kubernetes schema for ${value.apiVersion} ${value.kind} here`,
        });
        continue;
      }
      const Model = await load();
      try {
        new Model(value as never).validate();
      } catch (error) {
        const errors = ((error as { errors?: AjvError[] }).errors ?? []) as AjvError[];
        for (const e of errors.length ? errors : [{ message: String(error) }])
          problems.push({ file, object, field: e.instancePath ?? '', message: e.message ?? '' });
      }
    }
  }
  return problems;
}
