#!/usr/bin/env python3
"""Gives an app wired by add-app-deploy.py its own Postgres database in compose and k8s.
Usage: python3 tools/add-app-db.py <app>"""
import os, sys

app = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
key = f"{app.upper().replace('-', '_')}_DATABASE_URL"

dep = f'k8s/apps/{app}/deployment.yaml'
text = open(dep).read()
if 'DATABASE_URL' not in text:
    env = (f"          env:\n            - name: DATABASE_URL\n"
           f"              valueFrom: {{ secretKeyRef: {{ name: toll-secrets, key: {key} }} }}\n")
    text = text.replace('          resources:\n', env + '          resources:\n', 1)
    open(dep, 'w').write(text)

secrets = 'k8s/base/secrets.example.yaml'
text = open(secrets).read()
if key not in text:
    text = text.rstrip('\n') + f'\n  # {app}: postgresql://<user>:<password>@<host>:5432/{app}\n  {key}: "postgresql://{app}:CHANGE-ME@postgres:5432/{app}"\n'
    open(secrets, 'w').write(text)

init = 'deploy/postgres-init.sql'
text = open(init).read()
if f'CREATE DATABASE {app};' not in text:
    open(init, 'a').write(f'CREATE DATABASE {app};\n')

compose = open('docker-compose.yml').read()
block = f"  {app}:\n    <<: *app\n    build: {{ context: ., args: {{ APP: {app} }} }}\n    image: toll/{app}:latest\n"
if block in compose:
    compose = compose.replace(block, block + (
        f"    environment:\n      <<: *app-env\n"
        f"      DATABASE_URL: postgresql://postgres:${{POSTGRES_PASSWORD:-toll-local}}@postgres:5432/{app}\n"
        f"    depends_on:\n      <<: *app-deps\n      postgres: {{ condition: service_healthy }}\n"))
    open('docker-compose.yml', 'w').write(compose)
print(f'{app}: database wired ({key})')
