#!/usr/bin/env python3
"""Gives an app wired by add-app-deploy.py a database URL it shares with other apps (e.g. the SEC rate governor):
the variable in compose and in its k8s Deployment (from the Secret), the Secret template key, the database.
Usage: python3 tools/add-app-env.py <app> <ENV_NAME> <SECRET_KEY> <database>"""
import os, re, sys

app, env, key, database = sys.argv[1:5]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)

dep = f'k8s/apps/{app}/deployment.yaml'
text = open(dep).read()
if f'- name: {env}\n' not in text:
    entry = f"            - name: {env}\n              valueFrom: {{ secretKeyRef: {{ name: toll-secrets, key: {key} }} }}\n"
    if '          env:\n' in text:
        text = text.replace('          env:\n', '          env:\n' + entry, 1)
    else:
        text = text.replace('          resources:\n', '          env:\n' + entry + '          resources:\n', 1)
    open(dep, 'w').write(text)

secrets = 'k8s/base/secrets.example.yaml'
text = open(secrets).read()
if f'  {key}:' not in text:
    text = text.rstrip('\n') + f'\n  # shared by every app that names it: postgresql://<user>:<password>@<host>:5432/{database}\n  {key}: "postgresql://{database}:CHANGE-ME@postgres:5432/{database}"\n'
    open(secrets, 'w').write(text)

init = 'deploy/postgres-init.sql'
text = open(init).read()
if f'CREATE DATABASE {database};' not in text:
    open(init, 'a').write(f'CREATE DATABASE {database};\n')

compose = open('docker-compose.yml').read()
head = f"  {app}:\n    <<: *app\n    build: {{ context: ., args: {{ APP: {app} }} }}\n    image: toll/{app}:latest\n"
start = compose.index(head)
end = compose.index('\n\n', start)
block = compose[start:end]
line = f"      {env}: postgresql://postgres:${{POSTGRES_PASSWORD:-toll-local}}@postgres:5432/{database}\n"
if env not in block:
    if '    environment:\n      <<: *app-env\n' in block:
        block = block.replace('    environment:\n      <<: *app-env\n', '    environment:\n      <<: *app-env\n' + line, 1)
    else:
        block = block + '\n' + ('    environment:\n      <<: *app-env\n' + line + '    depends_on:\n      <<: *app-deps\n      postgres: { condition: service_healthy }').rstrip('\n')
    compose = compose[:start] + block + compose[end:]
    open('docker-compose.yml', 'w').write(compose)
print(f'{app}: {env} from {key} ({database})')
