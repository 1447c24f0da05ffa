#!/usr/bin/env python3
"""Adds an app's deployment wiring: tsconfig.build.json reference, compose service, k8s/apps/<app>, overlay entries.
Usage: python3 tools/add-app-deploy.py <app> [memory-request] [memory-limit]"""
import json, os, re, sys

app = sys.argv[1]
req = sys.argv[2] if len(sys.argv) > 2 else '128Mi'
lim = sys.argv[3] if len(sys.argv) > 3 else '256Mi'
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)

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

os.makedirs(f'k8s/apps/{app}', exist_ok=True)
open(f'k8s/apps/{app}/kustomization.yaml', 'w').write(open('k8s/apps/devutils/kustomization.yaml').read())
open(f'k8s/apps/{app}/deployment.yaml', 'w').write(f"""apiVersion: apps/v1
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

ov = 'k8s/overlays/production/kustomization.yaml'
text = open(ov).read()
if f'../../apps/{app}\n' not in text:
    text = re.sub(r'(  - \.\./\.\./apps/[a-z-]+\n)(?!  - \.\./\.\./apps/)', lambda m: m.group(1) + f'  - ../../apps/{app}\n', text, count=1)
    text = text.rstrip('\n') + f'\n  - {{ name: toll/{app}, newTag: "1.0.0" }}\n'
    open(ov, 'w').write(text)
print(f'{app}: tsconfig, compose, k8s wired')
