# The production image of the service: built once, then run as many API processes as wanted
# (docker-compose.yml runs several behind one port). test/integration/production-start.test.ts
# copies what this file copies, installs it the same way and runs the same command, against real
# PostgreSQL and Redis, so that the image's recipe is tested where Docker is not available.
ARG NODE_VERSION=22

# Build: compilers for the native modules (the Swiss Ephemeris binding, and the service's own:
# the lean binding of its position and houses calls, the JSON tape writer, the file mapper), the
# TypeScript compiler for dist/, the gazetteer index, the time-zone tiles and the index of
# time-zone transitions; then the development dependencies are pruned: the image runs the
# compiled JavaScript under node, with no TypeScript loader.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
# node-gyp compiles against the headers this Node ships instead of downloading them.
ENV npm_config_nodedir=/usr/local
# What `npm ci` and its install script need (native/ and binding.gyp for node-gyp, the sources
# and the TypeScript settings for dist/, patches/ for the fixes applied to installed packages),
# then the data the service reads at run time.
COPY package.json package-lock.json binding.gyp tsconfig.json tsconfig.build.json ./
COPY patches/ patches/
COPY native/ native/
COPY src/ src/
COPY workers/ workers/
COPY renderer/ renderer/
COPY dashboard/ dashboard/
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund && npm cache clean --force
COPY sql/ sql/
COPY ephe/ ephe/
COPY content/ content/

# The report worker (`docker build --target worker`, the compose file's `worker` service): the
# same files as the API below plus headless Chromium and the fonts the PDFs are set in. The API
# image has no browser.
FROM node:${NODE_VERSION}-bookworm-slim AS worker
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium
COPY --from=build /app /app
USER node
CMD ["node", "dist/src/cli.js", "worker", "reports"]

# Run: the same files on the slim image of the same Debian release (the native modules link
# against its C library), owned by root and read-only to the unprivileged user that runs them.
# The last stage, so the default target.
FROM node:${NODE_VERSION}-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness; the load balancer checks readiness (/readyz) itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (no npm in between), so that SIGTERM reaches the service's graceful shutdown.
# A young generation of 64 MB semi-spaces (V8 defaults to 16): a served natal request leaves
# some 12 KB of answer and tens of objects behind, and fewer scavenges took its CPU from
# 346-418 to 284-291 µs (README, Performance).
CMD ["node", "--max-semi-space-size=64", "dist/src/main.js"]

