#!/usr/bin/env python3
"""Adds an app's deployment wiring: tsconfig.build.json reference, compose service, k8s/apps/<app>, overlay entries.
Usage: python3 tools/add-app-deploy.py <app> [memory-request] [memory-limit]

Safe to re-run, and re-running it brings an older app folder up to date: k8s/apps/<app>/deployment.yaml is
written only when missing (it holds the app's own replicas, env and resources), while its kustomization.yaml,
pdb.yaml and hpa.yaml are rewritten from it every time (a PodDisruptionBudget and a HorizontalPodAutoscaler exactly
when replicas > 1), and so is migrate-job.yaml for an app with prisma/migrations (whose Deployment then gets
<APP>_MIGRATE_ON_START=false). What every
Deployment shares (probes on the health port, preStop and grace period, ConfigMap, CPU limit, security) is
in k8s/components/app, so it reaches every app without touching its folder."""
import json, os, re, sys

app = sys.argv[1]
req = sys.argv[2] if len(sys.argv) > 2 else '128Mi'
lim = sys.argv[3] if len(sys.argv) > 3 else '256Mi'
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
version = json.load(open(f'apps/{app}/package.json')).get('version', '1.0.0')

ts = json.load(open('tsconfig.build.json'))
ref = {'path': f'apps/{app}/tsconfig.build.json'}
if ref not in ts['references']:
    ts['references'].append(ref)
    json.dump(ts, open('tsconfig.build.json', 'w'), indent=2)

compose = open('docker-compose.yml').read()
if f'\n  {app}:\n' not in compose:
    block = f"\n  {app}:\n    <<: *app\n    build: {{ context: ., args: {{ APP: {app} }} }}\n    image: toll/{app}:latest\n"
    compose = compose.replace('\nvolumes:\n', block + '\nvolumes:\n', 1)
    open('docker-compose.yml', 'w').write(compose)

folder = f'k8s/apps/{app}'
os.makedirs(folder, exist_ok=True)
deployment = f'{folder}/deployment.yaml'
if not os.path.exists(deployment):
    open(deployment, 'w').write(f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: {app}
  labels: {{ app.kubernetes.io/name: {app} }}
spec:
  replicas: 2
  selector:
    matchLabels: {{ app.kubernetes.io/name: {app} }}
  template:
    metadata:
      labels: {{ app.kubernetes.io/name: {app} }}
    spec:
      containers:
        - name: app
          image: toll/{app}:latest
          ports:
            - {{ name: http, containerPort: 8081 }} # HEALTH_PORT: /healthz and /readyz only
          resources:
            requests: {{ cpu: 50m, memory: {req} }}
            limits: {{ memory: {lim} }}
""")

replicas = re.search(r'^  replicas:\s*(\d+)', open(deployment).read(), re.M)
replicas = int(replicas.group(1)) if replicas else 1
pdb = f'{folder}/pdb.yaml'
if replicas > 1:
    open(pdb, 'w').write(f"""# Voluntary disruptions (node drains, upgrades) keep at least one replica serving.
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {app}
spec:
  maxUnavailable: 1
  selector:
    matchLabels: {{ app.kubernetes.io/name: {app} }}
""")
elif os.path.exists(pdb):
    os.remove(pdb)  # with one replica a budget would block every drain

# Replicated apps scale on CPU between their replicas and twice that (at least 4); a single-replica app is one on
# purpose (a per-process upstream queue) and keeps its count. Request rate: k8s/components/request-rate-hpa.
hpa = f'{folder}/hpa.yaml'
if replicas > 1:
    open(hpa, 'w').write(f"""# Scales on CPU (metrics-server). The Deployment's replicas is the floor; the PodDisruptionBudget still holds.
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {app}
spec:
  scaleTargetRef: {{ apiVersion: apps/v1, kind: Deployment, name: {app} }}
  minReplicas: {replicas}
  maxReplicas: {max(4, 2 * replicas)}
  metrics:
    - type: Resource
      resource: {{ name: cpu, target: {{ type: Utilization, averageUtilization: 70 }} }}
""")
elif os.path.exists(hpa):
    os.remove(hpa)

# An app with its own database migrates in a Job from its own image, before its pods roll; the pods then skip it.
job = f'{folder}/migrate-job.yaml'
if os.path.isdir(f'apps/{app}/prisma/migrations'):
    flag = app.upper().replace('-', '_') + '_MIGRATE_ON_START'
    text = open(deployment).read()
    key = re.search(r'- name: DATABASE_URL\n\s*valueFrom: \{ secretKeyRef: \{ name: toll-secrets, key: ([A-Z0-9_]+) \} \}', text)
    if not key:
        sys.exit(f'{deployment}: an app with prisma/migrations needs DATABASE_URL from toll-secrets')
    if flag in text:
        text = re.sub(rf'(\{{ name: {flag}, value: )"true"( \}})', r'\1"false"\2', text)
    else:
        text = text.replace('            - name: DATABASE_URL\n', f'            - {{ name: {flag}, value: "false" }} # {app}-migrate (migrate-job.yaml) migrates\n            - name: DATABASE_URL\n', 1)
    open(deployment, 'w').write(text)
    open(job, 'w').write(f"""# Applies {app}'s migrations from the release's own image before its pods roll (Argo CD: a PreSync hook; by hand:
# apply it, wait for it, then the rest). Idempotent (Prisma's advisory lock and table), so the finished Job is
# deleted after 10 minutes and the next apply of a release runs it again.
apiVersion: batch/v1
kind: Job
metadata:
  name: {app}-migrate
  labels: {{ app.kubernetes.io/name: {app}-migrate, app.kubernetes.io/component: migrate }}
  annotations: {{ argocd.argoproj.io/hook: PreSync, argocd.argoproj.io/hook-delete-policy: BeforeHookCreation }}
spec:
  backoffLimit: 3
  activeDeadlineSeconds: 600
  ttlSecondsAfterFinished: 600
  template:
    metadata:
      labels: {{ app.kubernetes.io/name: {app}-migrate }}
    spec:
      restartPolicy: Never
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        seccompProfile: {{ type: RuntimeDefault }}
      containers:
        - name: migrate
          image: toll/{app}:latest
          command: ["node", "libs/platform/dist/migrate-cli.js", "apps/{app}/prisma/migrations"]
          env:
            - name: DATABASE_URL
              valueFrom: {{ secretKeyRef: {{ name: toll-secrets, key: {key.group(1)} }} }}
          resources:
            requests: {{ cpu: 50m, memory: 128Mi }}
            limits: {{ cpu: "1", memory: 256Mi }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities: {{ drop: [ALL] }}
""")
elif os.path.exists(job):
    os.remove(job)

resources = ['deployment.yaml'] + (['pdb.yaml', 'hpa.yaml'] if replicas > 1 else []) + [f for f in ('migrate-job.yaml', 'service.yaml', 'ingress.yaml') if os.path.exists(f'{folder}/{f}')]
open(f'{folder}/kustomization.yaml', 'w').write(
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n'
    + ''.join(f'  - {r}\n' for r in resources)
    + 'components:\n  - ../../components/app\n')

ov = 'k8s/overlays/production/kustomization.yaml'
text = open(ov).read()
if f'../../apps/{app}\n' not in text:
    text = re.sub(r'(  - \.\./\.\./apps/[a-z0-9-]+\n)(?!  - \.\./\.\./apps/)', lambda m: m.group(1) + f'  - ../../apps/{app}\n', text, count=1)
if f'name: toll/{app},' not in text:
    text = re.sub(r'(images:\n(?:  - .*\n)*)', lambda m: m.group(1) + f'  - {{ name: toll/{app}, newTag: "{version}" }}\n', text, count=1)
open(ov, 'w').write(text)
print(f'{app}: tsconfig, compose, k8s wired ({replicas} replica{"s" if replicas > 1 else ""}{", PodDisruptionBudget, HorizontalPodAutoscaler" if replicas > 1 else ""}{", migrate Job" if os.path.exists(job) else ""})')
