/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { syncManifests } from '../capacity/k8s-sync';
import { planTier } from '../capacity/model';
import { buildReport } from '../capacity/report';

/**
 * deploy/k8s says what the capacity model says (decision 321): the HPA's bounds and target, the
 * API container's CPU request and the PodDisruptionBudget, from the committed measured file.
 */
const K8S_DIR = path.resolve(import.meta.dirname, '..', '..', 'k8s');
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const read = (file: string) =>
  parseDocument(fs.readFileSync(path.join(K8S_DIR, file), 'utf8')).toJS() as Obj;

/** A Kubernetes CPU quantity ("1", "1500m", "0.5") in millicores. */
const millicores = (quantity: string | number) =>
  typeof quantity === 'number' || !quantity.endsWith('m')
    ? Number(quantity) * 1000
    : Number(quantity.slice(0, -1));

const report = buildReport();
const { policy } = report;
const hpa = read('api-hpa.yaml');
const deployment = read('api-deployment.yaml');
const pdb = read('api-pdb.yaml');
const container = deployment.spec.template.spec.containers[0] as Obj;

describe('deploy/k8s matches the capacity model', () => {
  it('the HPA scales from one pod per zone to the 1M tier, on the model’s CPU target', () => {
    expect(hpa.spec.minReplicas).toBe(policy.minReplicas);
    expect(hpa.spec.maxReplicas).toBe(policy.maxReplicas);
    const cpu = (hpa.spec.metrics as Obj[]).find((m) => m.resource?.name === 'cpu')!;
    expect(cpu.resource.target).toEqual({
      type: 'Utilization',
      averageUtilization: policy.cpuTargetPercent,
    });
    expect(deployment.spec.replicas).toBe(policy.minReplicas);
    expect(hpa.spec.behavior.scaleUp.policies[0]).toEqual({
      type: 'Percent',
      value: policy.scaleUpPercent,
      periodSeconds: policy.scaleUpPeriodSeconds,
    });
  });

  it('at maxReplicas, the pods’ requested CPU carries the cluster’s tier', () => {
    const tier = planTier(policy.viewersPerCluster, report.measured, report.assumptions);
    const requestedCores =
      (hpa.spec.maxReplicas * millicores(container.resources.requests.cpu)) / 1000;
    expect(requestedCores).toBeGreaterThanOrEqual(tier.apiCores);
    // …and at the HPA's target, the steady load of that tier.
    expect(
      requestedCores * (hpa.spec.metrics[0].resource.target.averageUtilization / 100),
    ).toBeGreaterThanOrEqual(tier.apiCoresSteady);
  });

  it('requests the model’s CPU per pod, with no CPU limit to throttle the event loop', () => {
    expect(millicores(container.resources.requests.cpu)).toBe(policy.cpuRequestMillicores);
    expect(container.resources.limits?.cpu).toBeUndefined();
    expect(container.resources.limits.memory).toBeDefined();
  });

  it('a node drain takes no more pods than the headroom above the target covers', () => {
    expect(pdb.spec.maxUnavailable).toBe(`${policy.pdbMaxUnavailablePercent}%`);
    expect(pdb.spec.minAvailable).toBeUndefined();
    expect(policy.pdbMaxUnavailablePercent).toBeLessThanOrEqual(100 - policy.cpuTargetPercent);
  });

  it('npm run capacity would change nothing in deploy/k8s', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-k8s-capacity-'));
    try {
      for (const file of fs.readdirSync(K8S_DIR))
        fs.copyFileSync(path.join(K8S_DIR, file), path.join(copy, file));
      expect(syncManifests(copy, policy)).toEqual([]);
      // …and it does change a manifest that disagrees, keeping its comments.
      expect(syncManifests(copy, { ...policy, maxReplicas: policy.maxReplicas + 10 })).toEqual([
        'api-hpa.yaml',
      ]);
      const text = fs.readFileSync(path.join(copy, 'api-hpa.yaml'), 'utf8');
      expect(text).toContain(`maxReplicas: ${policy.maxReplicas + 10}`);
      expect(text).toContain('# Scale on CPU');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
