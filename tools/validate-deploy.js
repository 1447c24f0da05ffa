#!/usr/bin/env node
// `npm run validate:deploy [root]`: offline checks of the deployment files (of the repository, or of a copy).
//  - every kustomization under k8s/ renders with `kubectl kustomize`, and every rendered object (and the
//    Secret template) validates against the Kubernetes OpenAPI schemas shipped by kubernetes-models;
//  - Deployments carry liveness/readiness probes on the app's health port, CPU and memory requests and
//    limits, a preStop hook and a termination grace period covering preStop + SHUTDOWN_TIMEOUT_MS, a
//    non-root security context, and no secret-looking value inline (secrets come from toll-secrets, whose
//    keys must exist in k8s/base/secrets.example.yaml); a Deployment with more than one replica has a
//    PodDisruptionBudget, one with a single replica has none; only the gateway has a Service besides the
//    ExternalName Services of NATS, PostgreSQL and Redis, which every overlay points somewhere real;
//    the overlays deploy every app with a pinned image tag;
//  - every pod template (Deployments, migrate Jobs) fits the restricted Pod Security level, which the namespace
//    enforces; the overlays have a default-deny NetworkPolicy, an Ingress to the gateway only, a
//    HorizontalPodAutoscaler per replicated Deployment, a migrate Job per app with a database (its pods set
//    <APP>_MIGRATE_ON_START=false), and scrape annotations on the port /metrics is served on (HEALTH_PORT). No CRD is
//    used (a ServiceMonitor or PodMonitor has no schema here to validate against): Prometheus finds the pods by their
//    annotations;
//  - docker-compose.yml passes `docker compose config -q` when compose is installed, and is checked
//    structurally (through python3's PyYAML: Node ships no YAML parser) either way;
//  - every folder in apps/ has a compose service and a k8s/apps/<name> folder, and nothing else does.
// Without kubectl the k8s part fails, unless ALLOW_MISSING_KUBECTL=1 turns it into a skip.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
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
const PY_YAML =
  'import json,sys,yaml; json.dump([d for d in yaml.safe_load_all(sys.stdin) if d is not None], sys.stdout)';
function parseYaml(text, what) {
  const r = run('python3', ['-c', PY_YAML], text);
  if (r.error?.code === 'ENOENT') throw new Error('python3 is not on PATH; it (with PyYAML) parses the YAML files');
  if (r.status !== 0) {
    if (/No module named .?yaml/.test(r.stderr))
      throw new Error('python3 has no PyYAML: apt-get install python3-yaml (or pip install pyyaml)');
    throw new Error(`${what}: not valid YAML:\n${r.stderr.trim()}`);
  }
  return JSON.parse(r.stdout);
}

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
const subdirs = (dir) =>
  isDir(dir)
    ? readdirSync(dir)
        .filter((n) => isDir(path.join(dir, n)))
        .sort()
    : [];

// An app is a folder of apps/ with a package.json; its name is the image, Deployment and compose service.
const apps = subdirs(path.join(root, 'apps')).filter((n) => existsSync(path.join(root, 'apps', n, 'package.json')));
if (!apps.length) problem('no apps found in apps/');

function checkAppFolders() {
  const k8sApps = subdirs(path.join(root, 'k8s', 'apps'));
  for (const app of apps)
    if (!k8sApps.includes(app)) problem(`apps/${app} has no k8s/apps/${app}/ (copy k8s/apps/devutils)`);
  for (const dir of k8sApps) if (!apps.includes(dir)) problem(`k8s/apps/${dir}/ has no apps/${dir} to deploy`);
  for (const f of ['Dockerfile', '.dockerignore'])
    if (!existsSync(path.join(root, f))) problem(`${f} is missing at the repository root`);
}

// ---------------------------------------------------------------- kustomize

function kustomizations(dir, out = []) {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((f) => path.join(dir, f))
    .find(existsSync);
  // Components only render as part of a Kustomization.
  if (file && !/^kind:\s*Component\s*$/m.test(readFileSync(file, 'utf8'))) out.push(dir);
  for (const d of subdirs(dir)) kustomizations(path.join(dir, d), out);
  return out;
}

// ---------------------------------------------------------------- schemas

// Every object against the OpenAPI schema of its apiVersion/kind (kubernetes-models: the upstream schemas
// compiled to validators; ESM, hence the dynamic import). A kind without a schema is a problem too.
async function checkSchema(doc, where) {
  const what = `${where}: ${doc?.kind ?? '(no kind)'}/${doc?.metadata?.name ?? '(no name)'}`;
  if (typeof doc?.apiVersion !== 'string' || typeof doc?.kind !== 'string')
    return problem(`${what}: apiVersion and kind are required`);
  let Model;
  try {
    Model = (await import(`kubernetes-models/${doc.apiVersion}/${doc.kind}`))[doc.kind];
  } catch {
    return problem(`${what}: no Kubernetes schema for ${doc.apiVersion} ${doc.kind}`);
  }
  try {
    new Model(doc).validate();
  } catch (e) {
    problem(`${what}: does not match the Kubernetes ${doc.apiVersion} ${doc.kind} schema: ${e.message}`);
  }
}

// ---------------------------------------------------------------- kustomize

const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|_KEY$|DATABASE_URL/;
const secretTemplate = path.join(root, 'k8s', 'base', 'secrets.example.yaml');
let secretKeys = new Set();

// NATS_URL as libs/platform's BaseConfig takes it: one nats:// (or tls://) URL, or a cluster's nodes separated by
// commas.
const natsServers = (value) =>
  value.split(',').every((s) => /^(nats|tls):\/\/[^\s,/]+$/.test(s.trim())) &&
  value.split(',').map((s) => new URL(s.trim()).hostname);

// Value of an environment variable as the container sees it: its own env first, then envFrom ConfigMaps.
function envOf(c, configMaps, name) {
  const own = (c.env ?? []).find((e) => e.name === name);
  if (own) return own.value;
  for (const ref of (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean)) {
    const value = configMaps.get(ref)?.data?.[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

function checkDeployment(d, where, configMaps) {
  const name = `${where}: Deployment ${d.metadata?.name}`;
  const pod = d.spec?.template?.spec ?? {};
  const grace = pod.terminationGracePeriodSeconds;
  if (!(grace > 30)) problem(`${name}: terminationGracePeriodSeconds must be > 30 (is ${grace ?? 'unset: 30'})`);
  for (const c of pod.containers ?? []) {
    const cname = `${name}, container ${c.name}`;
    const ports = new Map((c.ports ?? []).filter((p) => p.name).map((p) => [p.name, p.containerPort]));
    const ours = String(c.image).startsWith('toll/');
    // The gateway's probes are on PORT, every other app's on HEALTH_PORT (only readable once rendered with the
    // ConfigMap).
    const healthPort = Number(envOf(c, configMaps, 'PORT') ?? envOf(c, configMaps, 'HEALTH_PORT'));
    for (const probe of ['livenessProbe', 'readinessProbe']) {
      if (!c[probe]) problem(`${cname}: no ${probe}`);
      const port = c[probe]?.httpGet?.port;
      if (typeof port === 'string' && !ports.has(port))
        problem(`${cname}: ${probe} uses port "${port}", which no container port is named`);
      const number = typeof port === 'string' ? ports.get(port) : port;
      if (ours && configMaps.size && healthPort && number !== undefined && number !== healthPort)
        problem(`${cname}: ${probe} probes port ${number}, but the app serves /healthz and /readyz on ${healthPort}`);
    }
    const res = c.resources ?? {};
    if (!res.requests?.cpu || !res.requests?.memory || !res.limits?.cpu || !res.limits?.memory)
      problem(`${cname}: resources need requests and limits, each with cpu and memory`);
    if (!(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot))
      problem(`${cname}: runAsNonRoot is not set`);
    if (!c.securityContext?.readOnlyRootFilesystem) problem(`${cname}: readOnlyRootFilesystem is not set`);
    for (const e of c.env ?? []) {
      if (e.value !== undefined && SECRET_NAME.test(e.name))
        problem(`${cname}: ${e.name} is set inline; take it from the toll-secrets Secret (secretKeyRef)`);
      const ref = e.valueFrom?.secretKeyRef;
      if (ref && secretKeys.size && ref.name === 'toll-secrets' && !secretKeys.has(ref.key))
        problem(
          `${cname}: ${e.name} reads toll-secrets key ${ref.key}, which k8s/base/secrets.example.yaml does not list`,
        );
    }
    if (!ours) continue;
    const natsUrl = envOf(c, configMaps, 'NATS_URL');
    if (configMaps.size && natsUrl !== undefined && !natsServers(natsUrl))
      problem(`${cname}: NATS_URL ${natsUrl} is not a nats:// URL or a comma-separated list of them`);
    const preStop = c.lifecycle?.preStop;
    if (!preStop) problem(`${cname}: no preStop (endpoints must update before NATS drains)`);
    const shutdownMs = Number(envOf(c, configMaps, 'SHUTDOWN_TIMEOUT_MS'));
    if (configMaps.size && shutdownMs) {
      const [cmd, secs] = preStop?.exec?.command ?? [];
      const sleep = cmd === 'sleep' ? Number(secs) : (preStop?.sleep?.seconds ?? 0);
      const need = sleep + Math.ceil(shutdownMs / 1000) + 5;
      if (!(grace >= need))
        problem(
          `${cname}: terminationGracePeriodSeconds ${grace} does not cover the drain: preStop ${sleep} s + ` +
            `SHUTDOWN_TIMEOUT_MS ${shutdownMs} ms + 5 s = ${need} s`,
        );
      const natsGrace = Number(envOf(c, configMaps, 'NATS_GRACE_PERIOD_MS') ?? 10000);
      if (natsGrace >= shutdownMs)
        problem(`${cname}: NATS_GRACE_PERIOD_MS ${natsGrace} must be below SHUTDOWN_TIMEOUT_MS ${shutdownMs}`);
    }
  }
}

const selects = (selector, labels) => Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels?.[k] === v);

// Within one rendering: a budget for every Deployment with replicas > 1, none for a single replica.
function checkBudgets(docs, where) {
  const budgets = docs.filter((d) => d.kind === 'PodDisruptionBudget');
  for (const d of docs.filter((d) => d.kind === 'Deployment')) {
    const replicas = d.spec?.replicas ?? 1;
    const mine = budgets.filter((b) => selects(b.spec?.selector, d.spec?.template?.metadata?.labels));
    if (replicas > 1 && mine.length !== 1)
      problem(
        `${where}: Deployment ${d.metadata.name} has ${replicas} replicas and ${mine.length} ` +
          `PodDisruptionBudgets (want 1: python3 tools/add-app-deploy.py ${d.metadata.name})`,
      );
    if (replicas <= 1 && mine.length)
      problem(
        `${where}: Deployment ${d.metadata.name} has one replica; its PodDisruptionBudget would block every node drain`,
      );
  }
}

// The restricted Pod Security Standard (the namespace enforces it), for every pod template rendered.
function checkRestricted(kind, name, pod, where) {
  const what = `${where}: ${kind} ${name}`;
  const podCtx = pod.securityContext ?? {};
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC'])
    if (pod[field]) problem(`${what}: ${field} is not allowed by the restricted Pod Security level`);
  for (const v of pod.volumes ?? [])
    if (v.hostPath) problem(`${what}: hostPath volume ${v.name} is not allowed by the restricted Pod Security level`);
  for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
    const ctx = c.securityContext ?? {};
    const cname = `${what}, container ${c.name}`;
    if (!(ctx.runAsNonRoot ?? podCtx.runAsNonRoot)) problem(`${cname}: restricted Pod Security needs runAsNonRoot`);
    if ((ctx.runAsUser ?? podCtx.runAsUser) === 0) problem(`${cname}: restricted Pod Security forbids runAsUser 0`);
    if (ctx.allowPrivilegeEscalation !== false)
      problem(`${cname}: restricted Pod Security needs allowPrivilegeEscalation: false`);
    if (!(ctx.capabilities?.drop ?? []).includes('ALL'))
      problem(`${cname}: restricted Pod Security needs capabilities.drop [ALL]`);
    if ((ctx.capabilities?.add ?? []).some((a) => a !== 'NET_BIND_SERVICE'))
      problem(`${cname}: restricted Pod Security allows adding NET_BIND_SERVICE only`);
    const seccomp = (ctx.seccompProfile ?? podCtx.seccompProfile)?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problem(`${cname}: restricted Pod Security needs seccompProfile RuntimeDefault (or Localhost)`);
    if (ctx.privileged) problem(`${cname}: privileged containers are not allowed`);
  }
}

// What the platform team runs it with: the namespace at the restricted level, deny-by-default network policies, the
// gateway's Ingress to its Service, a CPU autoscaler for every replicated app, a migration Job for every app with a
// database (whose pods then do not migrate), and scrape annotations naming the port /metrics is on.
function checkOperations(docs, where, configMaps) {
  const ns = docs.find((d) => d.kind === 'Namespace');
  if (ns && ns.metadata?.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted')
    problem(
      `${where}: Namespace ${ns.metadata.name} must enforce the restricted Pod Security level (label ` +
        `pod-security.kubernetes.io/enforce)`,
    );
  const policies = docs.filter((d) => d.kind === 'NetworkPolicy');
  if (
    !policies.some(
      (p) =>
        Object.keys(p.spec?.podSelector ?? {}).length === 0 &&
        ['Ingress', 'Egress'].every((t) => p.spec?.policyTypes?.includes(t)) &&
        !p.spec.ingress &&
        !p.spec.egress,
    )
  )
    problem(`${where}: no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)`);
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const hpas = docs.filter((d) => d.kind === 'HorizontalPodAutoscaler');
  for (const d of deployments) {
    const name = d.metadata.name;
    const replicas = d.spec?.replicas ?? 1;
    const mine = hpas.filter(
      (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
    );
    if (replicas > 1 && mine.length !== 1)
      problem(
        `${where}: Deployment ${name} has ${replicas} replicas and ${mine.length} HorizontalPodAutoscalers (want ` +
          `1: python3 tools/add-app-deploy.py ${name})`,
      );
    for (const h of mine)
      if (h.spec.minReplicas < replicas || h.spec.maxReplicas < h.spec.minReplicas)
        problem(
          `${where}: HorizontalPodAutoscaler ${h.metadata.name}: minReplicas must cover the Deployment's ` +
            `${replicas} replicas and maxReplicas be at least that`,
        );
    const c = (d.spec.template.spec.containers ?? []).find((x) => String(x.image).startsWith('toll/'));
    const annotations = d.spec.template.metadata?.annotations ?? {};
    const healthPort = c && Number(envOf(c, configMaps, 'HEALTH_PORT'));
    if (c && annotations['prometheus.io/scrape'] !== 'true')
      problem(`${where}: Deployment ${name} has no prometheus.io/scrape annotation (k8s/components/app)`);
    else if (c && configMaps.size && healthPort && Number(annotations['prometheus.io/port']) !== healthPort)
      problem(
        `${where}: Deployment ${name} is scraped on port ${annotations['prometheus.io/port']}, but serves ` +
          `/metrics on HEALTH_PORT ${healthPort}`,
      );
    const app = apps.includes(name) ? name : undefined;
    if (app && existsSync(path.join(root, 'apps', app, 'prisma', 'migrations'))) {
      const flag = `${app.toUpperCase().replace(/-/g, '_')}_MIGRATE_ON_START`;
      if (!docs.some((j) => j.kind === 'Job' && j.metadata?.name === `${app}-migrate`))
        problem(
          `${where}: apps/${app} has migrations but no Job ${app}-migrate (python3 tools/add-app-deploy.py ${app})`,
        );
      if (c && String(envOf(c, configMaps, flag)) !== 'false')
        problem(`${where}: Deployment ${name} must set ${flag}=false: its migrate Job applies the migrations`);
    }
  }
  for (const i of docs.filter((d) => d.kind === 'Ingress'))
    for (const rule of i.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? [])
        if (p.backend?.service?.name !== 'gateway')
          problem(
            `${where}: Ingress ${i.metadata.name} routes to ${p.backend?.service?.name}; only the gateway takes ` +
              `traffic from outside`,
          );
}

function checkOverlay(docs, where) {
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  for (const s of docs.filter((d) => d.kind === 'Service' && d.spec?.type === 'ExternalName'))
    if (!s.spec.externalName || s.spec.externalName.endsWith('.invalid'))
      problem(
        `${where}: Service ${s.metadata.name} still points at ${s.spec.externalName}; patch spec.externalName in ` +
          `the overlay`,
      );
  const configMaps = new Set(docs.filter((d) => d.kind === 'ConfigMap').map((d) => d.metadata.name));
  for (const app of apps)
    if (!deployments.some((d) => d.metadata.name === app))
      problem(`${where}: no Deployment for apps/${app} (add ../../apps/${app} to its resources)`);
  for (const d of deployments) {
    for (const c of d.spec.template.spec.containers ?? []) {
      if (String(c.image).startsWith('toll/') && !/:(?!latest$)[^:/]+$/.test(c.image))
        problem(`${where}: Deployment ${d.metadata.name} runs ${c.image}; set a release tag under images:`);
      for (const ref of (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean))
        if (!configMaps.has(ref))
          problem(`${where}: Deployment ${d.metadata.name} reads ConfigMap ${ref}, which the overlay does not render`);
    }
  }
}

async function checkKustomize() {
  if (existsSync(secretTemplate)) {
    const [secret] = parseYaml(readFileSync(secretTemplate, 'utf8'), rel(secretTemplate));
    await checkSchema(secret, rel(secretTemplate));
    secretKeys = new Set(Object.keys({ ...secret?.stringData, ...secret?.data }));
  } else problem(`${rel(secretTemplate)} is missing (the template of the toll-secrets Secret)`);
  if (!works('kubectl', ['version', '--client'])) {
    if (process.env.ALLOW_MISSING_KUBECTL === '1') {
      console.log('SKIP  k8s/: kubectl is not on PATH, nothing rendered (ALLOW_MISSING_KUBECTL=1)');
      return;
    }
    problem(
      'kubectl is not on PATH, so k8s/ cannot be rendered; install it, or set ALLOW_MISSING_KUBECTL=1 to skip ' +
        'this part',
    );
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
    const configMaps = new Map(docs.filter((d) => d.kind === 'ConfigMap').map((d) => [d.metadata.name, d]));
    for (const d of docs) {
      await checkSchema(d, where);
      if (d.kind === 'Deployment') checkDeployment(d, where, configMaps);
      if (d.kind === 'Deployment' || d.kind === 'Job')
        checkRestricted(d.kind, d.metadata?.name, d.spec?.template?.spec ?? {}, where);
      if (d.kind === 'Service' && d.spec?.type !== 'ExternalName' && d.metadata?.name !== 'gateway')
        problem(
          `${where}: Service ${d.metadata?.name}: only the gateway gets a Service (NATS, PostgreSQL and Redis ` +
            `are ExternalName); apps are reached over NATS`,
        );
    }
    checkBudgets(docs, where);
    if (where.startsWith(path.join('k8s', 'overlays'))) {
      checkOverlay(docs, where);
      checkOperations(docs, where, configMaps);
    }
    if (problems.length === before)
      ok(`${where} renders (${docs.map((d) => `${d.kind}/${d.metadata?.name}`).join(', ')})`);
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
    console.log(
      'note  neither `docker compose` nor `docker-compose` is installed; docker-compose.yml is checked ' +
        'structurally only',
    );
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
        const args = Array.isArray(build.args)
          ? Object.fromEntries(build.args.map((a) => a.split(/=(.*)/s).slice(0, 2)))
          : (build.args ?? {});
        const app = args.APP;
        if (!app) problem(`docker-compose.yml: service ${name} builds the root Dockerfile without args.APP`);
        else if (!apps.includes(app))
          problem(`docker-compose.yml: service ${name} builds APP=${app}, but apps/${app} does not exist`);
        else if (built.has(app))
          problem(`docker-compose.yml: services ${built.get(app)} and ${name} both build APP=${app}`);
        else built.set(app, name);
      }
    }
    const deps = Array.isArray(svc.depends_on)
      ? Object.fromEntries(svc.depends_on.map((s) => [s, {}]))
      : (svc.depends_on ?? {});
    for (const [dep, spec] of Object.entries(deps)) {
      if (!services[dep]) problem(`docker-compose.yml: service ${name} depends on unknown service ${dep}`);
      else if (spec?.condition === 'service_healthy' && !services[dep].healthcheck)
        problem(`docker-compose.yml: service ${name} waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
    }
    const natsUrl = svc.environment?.NATS_URL;
    if (natsUrl !== undefined) {
      const hosts = natsServers(String(natsUrl));
      if (!hosts)
        problem(
          `docker-compose.yml: service ${name}: NATS_URL ${natsUrl} is not a nats:// URL or a comma-separated ` +
            `list of them`,
        );
      else
        for (const host of hosts.filter((h) => !services[h]))
          problem(`docker-compose.yml: service ${name}: NATS_URL names ${host}, which is no service`);
    }
    for (const v of svc.volumes ?? []) {
      const source = typeof v === 'string' ? v.split(':')[0] : v.source;
      if (/^\.{1,2}\//.test(source ?? '') && !existsSync(path.resolve(root, source)))
        problem(`docker-compose.yml: service ${name} mounts ${source}, which does not exist`);
    }
  }
  for (const app of apps)
    if (!built.has(app))
      problem(`docker-compose.yml: no service builds apps/${app} (add one with build.args.APP: ${app})`);
  if (problems.length === before)
    ok(`docker-compose.yml: services ${Object.keys(services).join(', ')}; every app built from the root Dockerfile`);
}

// ----------------------------------------------------------------

(async () => {
  try {
    checkAppFolders();
    checkCompose();
    await checkKustomize();
  } catch (e) {
    problem(e.message);
  }
  if (problems.length) {
    console.error(
      `\nvalidate-deploy: ${problems.length} ` +
        `problem(s):\n${problems.map((p) => `  - ${p.replace(/\n/g, '\n    ')}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `\nvalidate-deploy: OK (apps: ${apps.join(', ')}; every rendered object valid against the Kubernetes schemas)`,
  );
})();
