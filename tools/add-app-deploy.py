#!/usr/bin/env python3
"""Adds an app's deployment wiring: tsconfig.build.json reference, compose service, k8s/apps/<app>, overlay entries.
Usage: python3 tools/add-app-deploy.py <app> [memory-request] [memory-limit]

Safe to re-run, and re-running it brings an older app folder up to date: k8s/apps/<app>/deployment.yaml is
written only when missing (it holds the app's own replicas, env and resources), while its kustomization.yaml
and pdb.yaml are rewritten from it every time (a PodDisruptionBudget exactly when replicas > 1). What every
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

resources = ['deployment.yaml'] + (['pdb.yaml'] if replicas > 1 else []) + (['service.yaml'] if os.path.exists(f'{folder}/service.yaml') else [])
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
print(f'{app}: tsconfig, compose, k8s wired ({replicas} replica{"s" if replicas > 1 else ""}{", PodDisruptionBudget" if replicas > 1 else ""})')
