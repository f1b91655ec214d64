# syntax=docker/dockerfile:1
# Image for the API, the Temporal worker and the CLI (migrations); docker-compose.yml picks the
# entry point with `command`. Debian (glibc), not Alpine: the Temporal SDK ships glibc native code.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig*.json ./
COPY src ./src
# tsc, then the workflow bundles the worker loads instead of running webpack at every start.
RUN npm run build
# Outputs dist/src/entry/api.js, dist/src/entry/worker.js, dist/src/cli/notices.js and dist/workflow-bundle/.

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# A fresh production-only install rather than `npm prune`, so no dev dependency can linger.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --chown=root:root package.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# Files stay root-owned and read-only to the process; it runs as the image's unprivileged user.
USER node
EXPOSE 3000
CMD ["node", "dist/src/entry/api.js"]
