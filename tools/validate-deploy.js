#!/usr/bin/env node
// `npm run validate:deploy`: offline checks of the deployment files.
//  - every kustomization under k8s/ renders with `kubectl kustomize`, and its Deployments carry probes,
//    resources, a graceful termination period and a non-root security context; only the gateway and
//    NATS have Services; the overlays deploy every app with a pinned image tag;
//  - docker-compose.yml passes `docker compose config -q` when compose is installed, and is checked
//    structurally (through python3's PyYAML: Node ships no YAML parser) either way;
//  - every folder in apps/ has a compose service and a k8s/apps/<name> folder, and nothing else does.
// Without kubectl the k8s part fails, unless ALLOW_MISSING_KUBECTL=1 turns it into a skip.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const rel = (p) => path.relative(root, p) || '.';
const problems = [];
const problem = (msg) => problems.push(msg);
const ok = (msg) => console.log(`ok    ${msg}`);

const run = (cmd, args, input) =>
  spawnSync(cmd, args, { cwd: root, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const works = (cmd, args) => {
  const r = run(cmd, args);
  return !r.error && r.status === 0;
};

// All documents of a YAML stream, as plain JSON values.
const PY_YAML = 'import json,sys,yaml; json.dump([d for d in yaml.safe_load_all(sys.stdin) if d is not None], sys.stdout)';
function parseYaml(text, what) {
  const r = run('python3', ['-c', PY_YAML], text);
  if (r.error?.code === 'ENOENT') throw new Error('python3 is not on PATH; it (with PyYAML) parses the YAML files');
  if (r.status !== 0) {
    if (/No module named .?yaml/.test(r.stderr)) throw new Error('python3 has no PyYAML: apt-get install python3-yaml (or pip install pyyaml)');
    throw new Error(`${what}: not valid YAML:\n${r.stderr.trim()}`);
  }
  return JSON.parse(r.stdout);
}

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
const subdirs = (dir) => (isDir(dir) ? readdirSync(dir).filter((n) => isDir(path.join(dir, n))).sort() : []);

// An app is a folder of apps/ with a package.json; its name is the image, Deployment and compose service.
const apps = subdirs(path.join(root, 'apps')).filter((n) => existsSync(path.join(root, 'apps', n, 'package.json')));
if (!apps.length) problem('no apps found in apps/');

function checkAppFolders() {
  const k8sApps = subdirs(path.join(root, 'k8s', 'apps'));
  for (const app of apps) if (!k8sApps.includes(app)) problem(`apps/${app} has no k8s/apps/${app}/ (copy k8s/apps/devutils)`);
  for (const dir of k8sApps) if (!apps.includes(dir)) problem(`k8s/apps/${dir}/ has no apps/${dir} to deploy`);
  for (const f of ['Dockerfile', '.dockerignore']) if (!existsSync(path.join(root, f))) problem(`${f} is missing at the repository root`);
}

// ---------------------------------------------------------------- kustomize

function kustomizations(dir, out = []) {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => path.join(dir, f)).find(existsSync);
  // Components only render as part of a Kustomization.
  if (file && !/^kind:\s*Component\s*$/m.test(readFileSync(file, 'utf8'))) out.push(dir);
  for (const d of subdirs(dir)) kustomizations(path.join(dir, d), out);
  return out;
}

function checkDeployment(d, where) {
  const name = `${where}: Deployment ${d.metadata?.name}`;
  const pod = d.spec?.template?.spec ?? {};
  if (!(pod.terminationGracePeriodSeconds > 30)) problem(`${name}: terminationGracePeriodSeconds must be > 30 (is ${pod.terminationGracePeriodSeconds ?? 'unset: 30'})`);
  for (const c of pod.containers ?? []) {
    const cname = `${name}, container ${c.name}`;
    const ports = new Set((c.ports ?? []).map((p) => p.name).filter(Boolean));
    for (const probe of ['livenessProbe', 'readinessProbe']) {
      if (!c[probe]) problem(`${cname}: no ${probe}`);
      const port = c[probe]?.httpGet?.port;
      if (typeof port === 'string' && !ports.has(port)) problem(`${cname}: ${probe} uses port "${port}", which no container port is named`);
    }
    const res = c.resources ?? {};
    if (!res.requests?.cpu || !res.requests?.memory || !res.limits?.memory) problem(`${cname}: resources need requests.cpu, requests.memory and limits.memory`);
    if (!(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) problem(`${cname}: runAsNonRoot is not set`);
    if (!c.securityContext?.readOnlyRootFilesystem) problem(`${cname}: readOnlyRootFilesystem is not set`);
    if (String(c.image).startsWith('toll/') && !c.lifecycle?.preStop) problem(`${cname}: no preStop (endpoints must update before NATS drains)`);
  }
}

function checkOverlay(docs, where) {
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const configMaps = new Set(docs.filter((d) => d.kind === 'ConfigMap').map((d) => d.metadata.name));
  for (const app of apps) if (!deployments.some((d) => d.metadata.name === app)) problem(`${where}: no Deployment for apps/${app} (add ../../apps/${app} to its resources)`);
  for (const d of deployments) {
    for (const c of d.spec.template.spec.containers ?? []) {
      if (String(c.image).startsWith('toll/') && !/:(?!latest$)[^:/]+$/.test(c.image)) problem(`${where}: Deployment ${d.metadata.name} runs ${c.image}; set a release tag under images:`);
      for (const ref of (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean))
        if (!configMaps.has(ref)) problem(`${where}: Deployment ${d.metadata.name} reads ConfigMap ${ref}, which the overlay does not render`);
    }
  }
}

function checkKustomize() {
  if (!works('kubectl', ['version', '--client'])) {
    if (process.env.ALLOW_MISSING_KUBECTL === '1') {
      console.log('SKIP  k8s/: kubectl is not on PATH, nothing rendered (ALLOW_MISSING_KUBECTL=1)');
      return;
    }
    problem('kubectl is not on PATH, so k8s/ cannot be rendered; install it, or set ALLOW_MISSING_KUBECTL=1 to skip this part');
    return;
  }
  const dirs = kustomizations(path.join(root, 'k8s'));
  if (!dirs.length) return problem('no kustomization found under k8s/');
  for (const dir of dirs) {
    const where = rel(dir);
    const r = run('kubectl', ['kustomize', dir]);
    if (r.status !== 0) {
      problem(`${where}: kubectl kustomize failed:\n${(r.stderr || r.error?.message || '').trim()}`);
      continue;
    }
    const before = problems.length;
    const docs = parseYaml(r.stdout, `${where} (rendered)`);
    for (const d of docs) {
      if (d.kind === 'Deployment') checkDeployment(d, where);
      if (d.kind === 'Service' && !['gateway', 'nats'].includes(d.metadata?.name)) problem(`${where}: Service ${d.metadata?.name}: only the gateway (and NATS) get a Service; apps are reached over NATS`);
    }
    if (where.startsWith(path.join('k8s', 'overlays'))) checkOverlay(docs, where);
    if (problems.length === before) ok(`${where} renders (${docs.map((d) => `${d.kind}/${d.metadata?.name}`).join(', ')})`);
  }
}

// ---------------------------------------------------------------- docker compose

function checkCompose() {
  const file = path.join(root, 'docker-compose.yml');
  if (!existsSync(file)) return problem('docker-compose.yml is missing');

  const compose = [['docker', 'compose'], ['docker-compose']].find(([cmd, ...sub]) => works(cmd, [...sub, 'version']));
  if (compose) {
    const [cmd, ...sub] = compose;
    const r = run(cmd, [...sub, '-f', file, 'config', '-q']);
    if (r.status !== 0) problem(`docker-compose.yml: ${compose.join(' ')} config -q failed:\n${r.stderr.trim()}`);
    else ok(`docker-compose.yml passes ${compose.join(' ')} config -q`);
  } else {
    console.log('note  neither `docker compose` nor `docker-compose` is installed; docker-compose.yml is checked structurally only');
  }

  const [doc] = parseYaml(readFileSync(file, 'utf8'), 'docker-compose.yml');
  const services = doc?.services ?? {};
  const before = problems.length;
  const built = new Map(); // APP -> service
  for (const [name, svc] of Object.entries(services)) {
    if (svc.build !== undefined) {
      const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
      const dockerfile = path.resolve(root, build.context ?? '.', build.dockerfile ?? 'Dockerfile');
      if (dockerfile === path.join(root, 'Dockerfile')) {
        const args = Array.isArray(build.args) ? Object.fromEntries(build.args.map((a) => a.split(/=(.*)/s).slice(0, 2))) : (build.args ?? {});
        const app = args.APP;
        if (!app) problem(`docker-compose.yml: service ${name} builds the root Dockerfile without args.APP`);
        else if (!apps.includes(app)) problem(`docker-compose.yml: service ${name} builds APP=${app}, but apps/${app} does not exist`);
        else if (built.has(app)) problem(`docker-compose.yml: services ${built.get(app)} and ${name} both build APP=${app}`);
        else built.set(app, name);
      }
    }
    const deps = Array.isArray(svc.depends_on) ? Object.fromEntries(svc.depends_on.map((s) => [s, {}])) : (svc.depends_on ?? {});
    for (const [dep, spec] of Object.entries(deps)) {
      if (!services[dep]) problem(`docker-compose.yml: service ${name} depends on unknown service ${dep}`);
      else if (spec?.condition === 'service_healthy' && !services[dep].healthcheck) problem(`docker-compose.yml: service ${name} waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
    }
    for (const v of svc.volumes ?? []) {
      const source = typeof v === 'string' ? v.split(':')[0] : v.source;
      if (/^\.{1,2}\//.test(source ?? '') && !existsSync(path.resolve(root, source))) problem(`docker-compose.yml: service ${name} mounts ${source}, which does not exist`);
    }
  }
  for (const app of apps) if (!built.has(app)) problem(`docker-compose.yml: no service builds apps/${app} (add one with build.args.APP: ${app})`);
  if (problems.length === before) ok(`docker-compose.yml: services ${Object.keys(services).join(', ')}; every app built from the root Dockerfile`);
}

// ----------------------------------------------------------------

try {
  checkAppFolders();
  checkCompose();
  checkKustomize();
} catch (e) {
  problem(e.message);
}
if (problems.length) {
  console.error(`\nvalidate-deploy: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p.replace(/\n/g, '\n    ')}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nvalidate-deploy: OK (apps: ${apps.join(', ')})`);
