/**
 * The Kubernetes manifests of deploy/kubernetes, rendered and checked the way CI does it.
 *
 * Rendering: `kubectl kustomize` (kustomize v5 is built into kubectl 1.21 and later).
 *
 * Checking, in two steps, each with the object schemas of the `kubernetes-models` packages
 * (Kubernetes' own OpenAPI for the built-in kinds, the CRDs of KEDA and the prometheus-operator):
 * - their validators: types, formats, enumerations and required fields;
 * - their TypeScript declarations: every object becomes an object literal typed by its kind, and
 *   the compiler's excess-property check refuses any field the schema does not know. The
 *   validators alone let an unknown field through (`readinessProbes:` would be ignored by the
 *   API server, silently leaving the pod without a readiness probe).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

export const KUBERNETES_DIR = path.resolve(import.meta.dirname, '../../deploy/kubernetes');

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Every directory under deploy/kubernetes with a kustomization.yaml: the base, the autoscalers, the overlays. */
export function kustomizations(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (fs.existsSync(path.join(dir, 'kustomization.yaml'))) found.push(path.relative(KUBERNETES_DIR, dir));
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) walk(path.join(dir, entry.name));
  };
  walk(KUBERNETES_DIR);
  return found.sort();
}

export function render(kustomization: string): KubernetesObject[] {
  const text = execFileSync('kubectl', ['kustomize', path.join(KUBERNETES_DIR, kustomization)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length) throw new Error(`${kustomization}: ${document.errors[0]!.message}`);
    return document.toJS() as KubernetesObject;
  });
}

interface ModelSource {
  /** The module of the group/version, whose export named after the kind is the model class. */
  module: string;
}

/** Where the model of an apiVersion lives; unknown API groups are refused. */
function modelSource(apiVersion: string): ModelSource {
  if (apiVersion.startsWith('keda.sh/')) return { module: `@kubernetes-models/keda/${apiVersion}` };
  if (apiVersion.startsWith('monitoring.coreos.com/')) return { module: `@kubernetes-models/prometheus-operator/${apiVersion}` };
  if (/^([a-z0-9.-]+\.k8s\.io\/|apps\/|batch\/|autoscaling\/|policy\/)?v\d+((alpha|beta)\d+)?$/.test(apiVersion))
    return { module: `kubernetes-models/${apiVersion}` };
  throw new Error(`no schema for apiVersion ${apiVersion}`);
}

/** Problems the schema validators find, one line per object: `Kind/name: message`. */
export async function validateWithModels(objects: readonly KubernetesObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const object of objects) {
    const where = `${object.kind}/${object.metadata?.name}`;
    try {
      const models = (await import(modelSource(object.apiVersion).module)) as Record<string, new (data: unknown) => { validate(): void }>;
      const Model = models[object.kind];
      if (!Model) throw new Error(`no ${object.kind} in ${object.apiVersion}`);
      new Model(object).validate();
    } catch (error) {
      problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/**
 * Problems the TypeScript declarations find (unknown fields above all), one per diagnostic:
 * `Kind/name: message`. One compilation for all the objects given: about 3 s.
 */
export function checkFieldsWithTypes(objects: readonly KubernetesObject[]): string[] {
  const file = path.resolve(import.meta.dirname, '../../.kubernetes-manifests-check.ts');
  const lines: string[] = [];
  const owners: { line: number; where: string }[] = [];
  objects.forEach((object, i) => {
    const { module } = modelSource(object.apiVersion);
    lines.push(`import type { I${object.kind} as T${i} } from '${module}/${object.kind}';`);
  });
  objects.forEach((object, i) => {
    owners.push({ line: lines.length, where: `${object.kind}/${object.metadata?.name}` });
    // One field per line, so that a diagnostic's line tells its object and its field.
    lines.push(...`export const o${i}: T${i} = ${JSON.stringify(object, null, 1)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, source, language, true) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || path.resolve(diagnostic.file.fileName) !== file) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const owner = owners.filter((o) => o.line <= line).at(-1);
    return `${owner?.where ?? 'imports'}: ${message} (${diagnostic.file.text.split('\n')[line]?.trim()})`;
  });
}
