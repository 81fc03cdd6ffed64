/**
 * Writes the model's replica policy into deploy/k8s (decision 321): the HPA's bounds and CPU
 * target, the API container's CPU request and the PodDisruptionBudget. Only those values change;
 * the YAML's comments and layout stay as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { ApiScalingPolicy } from './scaling-policy';

type Edit = [file: string, keyPath: (string | number)[], value: string | number];

export function policyEdits(policy: ApiScalingPolicy): Edit[] {
  return [
    ['api-hpa.yaml', ['spec', 'minReplicas'], policy.minReplicas],
    ['api-hpa.yaml', ['spec', 'maxReplicas'], policy.maxReplicas],
    [
      'api-hpa.yaml',
      ['spec', 'metrics', 0, 'resource', 'target', 'averageUtilization'],
      policy.cpuTargetPercent,
    ],
    [
      'api-hpa.yaml',
      ['spec', 'behavior', 'scaleUp', 'policies', 0, 'value'],
      policy.scaleUpPercent,
    ],
    [
      'api-hpa.yaml',
      ['spec', 'behavior', 'scaleUp', 'policies', 0, 'periodSeconds'],
      policy.scaleUpPeriodSeconds,
    ],
    // The first apply starts at the floor; the HPA owns the count from then on.
    ['api-deployment.yaml', ['spec', 'replicas'], policy.minReplicas],
    [
      'api-deployment.yaml',
      ['spec', 'template', 'spec', 'containers', 0, 'resources', 'requests', 'cpu'],
      `${policy.cpuRequestMillicores}m`,
    ],
    ['api-pdb.yaml', ['spec', 'maxUnavailable'], `${policy.pdbMaxUnavailablePercent}%`],
  ];
}

/** Applies the policy to the manifests in `k8sDir`; returns the files it changed. */
export function syncManifests(k8sDir: string, policy: ApiScalingPolicy): string[] {
  const changed: string[] = [];
  const byFile = new Map<string, Edit[]>();
  for (const edit of policyEdits(policy))
    byFile.set(edit[0], [...(byFile.get(edit[0]) ?? []), edit]);
  for (const [file, edits] of byFile) {
    const full = path.join(k8sDir, file);
    const before = fs.readFileSync(full, 'utf8');
    const doc = parseDocument(before);
    for (const [, keyPath, value] of edits) {
      if (!doc.hasIn(keyPath)) throw new Error(`${file}: ${keyPath.join('.')} is missing`);
      doc.setIn(keyPath, value);
    }
    const after = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
    if (after !== before) {
      fs.writeFileSync(full, after);
      changed.push(file);
    }
  }
  return changed;
}
