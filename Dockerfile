# syntax=docker/dockerfile:1
# One image per app: docker build --build-arg APP=gateway -t toll/gateway .
ARG NODE_IMAGE=node:20-bookworm-slim

# Just the npm manifests, so the `npm ci` layer stays cached until a package.json or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out && cp package.json package-lock.json .npmrc /out/ \
 && find apps libs -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /out/ \;

# Builds every package (the same layers serve every APP), then drops dev dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=manifests /out/ ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM ${NODE_IMAGE}
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/libs ./libs
COPY --from=build /src/apps/${APP} ./apps/${APP}
RUN [ -n "$APP" ] && [ -f "apps/$APP/dist/main.js" ] || { echo "build with --build-arg APP=<a folder in apps/>" >&2; exit 1; }
USER node
# exec: node becomes PID 1 and gets SIGTERM itself (Nest drains NATS on it); a plain `sh -c` would swallow it.
CMD ["sh", "-c", "exec node apps/$APP/dist/main.js"]
