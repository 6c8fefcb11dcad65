# Prüfbericht in one image (README.md#deploying). The first stage installs everything and builds; the second
# runs the deploy folder it made (scripts/deploy-folder.mjs) with plain node, as the unprivileged user node, with
# no compiler and no dev dependencies, its files owned by root, only /data writable.
#   docker build -t pruefbericht .
# scripts/deploy-files.test.mts checks this file's shape on every test run; no image was built where it was written.
ARG NODE_IMAGE=node:20-bookworm
ARG RUNTIME_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The packages first, so that a change to the sources reuses this layer. better-sqlite3 compiles here when its
# prebuilt binary cannot be downloaded (the full image has python3, make and g++).
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY mfe-certificates/package.json mfe-certificates/
COPY mfe-machines/package.json mfe-machines/
COPY mfe-landing/package.json mfe-landing/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/deploy-folder.mjs /deploy

FROM ${RUNTIME_IMAGE}
ENV NODE_ENV=production \
    DATABASE_URL=sqlite:/data/pruefbericht.db
COPY --from=build /deploy /app
RUN mkdir /data && chown node:node /data && chmod 700 /data
WORKDIR /app
USER node
VOLUME /data
EXPOSE 8080
# Ready, not only alive: 503 while the database cannot be reached and from the moment the process is stopping.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The API and the job worker it starts stop on SIGTERM; give them JOB_STOP_SECONDS (30) and more before the
# kill: `docker stop -t 45`, or stop_grace_period: 45s in compose.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-old-space-size=512", "api/dist/main.js"]
