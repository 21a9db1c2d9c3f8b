/**
 * deploy/kubernetes: every kustomization renders, every object passes the Kubernetes schemas
 * (kubernetes-models), a typo in a field fails, and the rules the service relies on hold in
 * every overlay (probes, grace, non-root, read-only root, secrets only referenced, replicas that
 * wait for the migrations Job, the KEDA trigger on the queue's real list).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { reportWaitListKey } from '../../src/reports/queue/bullmq-transport.ts';
import { checkFieldsWithTypes, kustomizations, render, validateWithModels, type KubernetesObject } from '../helpers/kubernetes-manifests.ts';

type Container = {
  name: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  startupProbe?: { periodSeconds?: number; failureThreshold?: number };
};
type PodSpec = { securityContext?: { runAsNonRoot?: boolean }; terminationGracePeriodSeconds?: number; containers: Container[] };
const podSpec = (o: KubernetesObject) => (o.spec as { template: { spec: PodSpec } }).template.spec;
const byKind = (objects: KubernetesObject[], kind: string, name?: string) => objects.filter((o) => o.kind === kind && (!name || o.metadata.name === name));

const rendered = new Map<string, KubernetesObject[]>();

beforeAll(() => {
  for (const k of kustomizations()) rendered.set(k, render(k));
});

describe('the Kubernetes manifests', () => {
  it('are a base with development and production overlays and two worker autoscalers', () => {
    expect([...rendered.keys()]).toEqual(['autoscaling/keda', 'autoscaling/prometheus-hpa', 'base', 'overlays/development', 'overlays/production']);
  });

  it('pass the Kubernetes schemas, object by object, in every kustomization', async () => {
    for (const [k, objects] of rendered) {
      expect(objects.length, k).toBeGreaterThan(0);
      expect(await validateWithModels(objects), k).toEqual([]);
    }
  });

  it('name only fields the schemas know, in every kustomization', () => {
    expect(checkFieldsWithTypes([...rendered.values()].flat())).toEqual([]);
  });

  it('fail the checks on a misspelt field, a wrong type or a missing required field', async () => {
    const api = structuredClone(byKind(rendered.get('overlays/production')!, 'Deployment', 'astro-api')[0]!);
    const container = podSpec(api).containers[0]! as Container & Record<string, unknown>;
    container.readinessProbes = container.readinessProbe;
    delete container.readinessProbe;
    const typo = checkFieldsWithTypes([api]);
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatch(/^Deployment\/astro-api: .*readinessProbes\W* does not exist in type 'IContainer'/);

    const keda = structuredClone(byKind(rendered.get('overlays/production')!, 'ScaledObject')[0]!);
    (keda.spec as Record<string, unknown>).minReplicaCounts = 1;
    expect(checkFieldsWithTypes([keda])[0]).toMatch(/^ScaledObject\/astro-report-worker: .*minReplicaCounts\W* does not exist in type 'IScaledObjectSpec'/);

    const hpa = structuredClone(byKind(rendered.get('overlays/production')!, 'HorizontalPodAutoscaler', 'astro-api')[0]!);
    (hpa.spec as Record<string, unknown>).maxReplicas = 'thirty';
    expect((await validateWithModels([hpa]))[0]).toMatch(/^HorizontalPodAutoscaler\/astro-api: .*maxReplicas/);

    const service = structuredClone(byKind(rendered.get('base')!, 'Service', 'astro-api')[0]!);
    delete (service.spec as { ports: { port?: number }[] }).ports[0]!.port;
    expect((await validateWithModels([service]))[0]).toMatch(/^Service\/astro-api: .*port/);
  });

  for (const overlay of ['overlays/development', 'overlays/production']) {
    describe(overlay, () => {
      const objects = () => rendered.get(overlay)!;

      it('runs every pod as non-root on a read-only root file system, with resources', () => {
        const workloads = [...byKind(objects(), 'Deployment'), ...byKind(objects(), 'Job')];
        expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['astro-api', 'astro-migrate', 'astro-report-worker']);
        for (const w of workloads) {
          const spec = podSpec(w);
          expect(spec.securityContext?.runAsNonRoot, w.metadata.name).toBe(true);
          for (const c of spec.containers) {
            expect(c.securityContext?.readOnlyRootFilesystem, c.name).toBe(true);
            expect(c.securityContext?.allowPrivilegeEscalation, c.name).toBe(false);
            expect(c.resources?.requests?.memory, c.name).toBeDefined();
            expect(c.resources?.limits?.memory, c.name).toBeDefined();
          }
        }
      });

      it('probes the API on /readyz and /healthz, and gives it longer than SHUTDOWN_TIMEOUT_MS to stop', () => {
        const api = byKind(objects(), 'Deployment', 'astro-api')[0]!;
        const spec = podSpec(api);
        const container = spec.containers[0]!;
        expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
        expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
        const shutdownMs = Number(container.env!.find((e) => e.name === 'SHUTDOWN_TIMEOUT_MS')!.value);
        expect(spec.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(shutdownMs + 5000);
        const worker = podSpec(byKind(objects(), 'Deployment', 'astro-report-worker')[0]!);
        const workerShutdownMs = Number(worker.containers[0]!.env!.find((e) => e.name === 'SHUTDOWN_TIMEOUT_MS')!.value);
        expect(worker.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(workerShutdownMs);
      });

      it('has replicas wait for the migrations Job, within their startup probes, instead of migrating', () => {
        const config = byKind(objects(), 'ConfigMap')[0]!.data as Record<string, string>;
        const parsed = loadConfig({ ...config, DATABASE_URL: 'postgres://db/astro', REDIS_URL: 'redis://redis:6379', AUTH_JWT_SECRET: 'x'.repeat(32) });
        expect(parsed.MIGRATE_ON_START).toBe(false);
        expect(parsed.SCHEMA_WAIT_SECONDS).toBeGreaterThan(0);
        for (const name of ['astro-api', 'astro-report-worker']) {
          const probe = podSpec(byKind(objects(), 'Deployment', name)[0]!).containers[0]!.startupProbe!;
          expect(probe.periodSeconds! * probe.failureThreshold!, name).toBeGreaterThan(parsed.SCHEMA_WAIT_SECONDS);
        }
        const job = podSpec(byKind(objects(), 'Job', 'astro-migrate')[0]!).containers[0]!;
        expect(job.env!.map((e) => e.name)).toContain('DATABASE_DIRECT_URL');
      });

      it('references secrets and writes none', () => {
        expect(byKind(objects(), 'Secret')).toEqual([]);
        const text = JSON.stringify(objects());
        expect(text).not.toMatch(/postgres(ql)?:\/\/[^"]*:[^"@]*@|redis:\/\/[^"]*:[^"@]*@/);
        for (const w of [...byKind(objects(), 'Deployment'), ...byKind(objects(), 'Job')]) {
          for (const e of podSpec(w).containers.flatMap((c) => c.env ?? [])) {
            if (/URL$|SECRET|TOKEN|PASSWORD/.test(e.name) && e.name !== 'PUBLIC_BASE_URL')
              expect(e.valueFrom?.secretKeyRef?.name, e.name).toBe('astro-secrets');
          }
        }
      });

      it('has its Service, Ingress, budget, CPU autoscaler, monitors and network policies', () => {
        const kinds = objects().map((o) => `${o.kind}/${o.metadata.name}`);
        for (const expected of [
          'Service/astro-api',
          'Ingress/astro-api',
          'PodDisruptionBudget/astro-api',
          'HorizontalPodAutoscaler/astro-api',
          'ServiceMonitor/astro-api',
          'ServiceMonitor/astro-report-worker',
          'NetworkPolicy/astro-api',
          'NetworkPolicy/astro-datastores',
        ])
          expect(kinds).toContain(expected);
      });
    });
  }

  it('scales the workers on the list BullMQ really uses, with KEDA or with the HPA fallback', () => {
    const production = rendered.get('overlays/production')!;
    const config = byKind(production, 'ConfigMap')[0]!.data as Record<string, string>;
    const trigger = (byKind(production, 'ScaledObject')[0]!.spec as { triggers: { type: string; metadata: { listName: string } }[] }).triggers[0]!;
    expect(trigger.metadata.listName).toBe(reportWaitListKey(config.REDIS_KEY_PREFIX!));
    const fallback = byKind(rendered.get('autoscaling/prometheus-hpa')!, 'HorizontalPodAutoscaler')[0]!;
    expect(JSON.stringify(fallback.spec)).toContain('report_queue_depth');
    expect((fallback.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name).toBe('astro-report-worker');
  });
});
