# syntax=docker/dockerfile:1
#
# Quán in a container. One restaurant on the embedded database, kept in a volume:
#   docker build -t quan .
#   docker run -d -p 3000:3000 -v quan-data:/data quan
# A chain (PostgreSQL, Redis, two instances behind a balancer): compose.yaml, docs/operations.md "Containers and running a chain".

# The project needs Node ^22.22 or >=24 (package.json "engines"; .npmrc makes npm refuse an older one).
ARG NODE_IMAGE=node:22-slim

# ---- build: every dependency, then the web app (apps/web/dist) and the server bundle (apps/server/dist)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests alone first, so that the dependency layer is reused while only the sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the server's production dependencies and the built files, nothing else
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# esbuild (apps/server/build.mjs) bundles the server's code and the contract package into dist/main.js and
# leaves every npm dependency of apps/server to be loaded from node_modules: those, without the dev tools and
# without the web app's packages (the browser gets apps/web/dist, already built).
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=@quan/server --no-audit --no-fund
COPY --from=build /app/apps/server/dist apps/server/dist
# Applied at start-up (the server finds them next to its package.json, apps/server/src/lib/server-root.ts).
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
# The font every printed ticket is drawn with (apps/server/src/modules/printing/raster.ts), found the same way.
COPY --from=build /app/apps/server/assets apps/server/assets
# Served by the server from apps/web/dist, its default WEB_DIST_DIR.
COPY --from=build /app/apps/web/dist apps/web/dist
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs

# The embedded database, the generated token secret, HTTPS certificates and backups live in DATA_DIR: a
# volume, writable by the unprivileged user the server runs as (the code itself stays root's, read-only to it).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node

EXPOSE 3000
# Liveness with node itself (slim images have no curl): /healthz answers while the process serves HTTP, without
# looking at the database. A balancer uses /readyz instead (compose.yaml, deploy/haproxy.cfg).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# The server drains and stops on SIGTERM (docs/operations.md "Stopping and rolling restarts"). Node runs as PID 1 itself,
# not under npm, so that the signal reaches it; give it drain + grace before a kill (compose.yaml
# stop_grace_period, `docker stop -t 25`).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
