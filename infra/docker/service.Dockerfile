# syntax=docker/dockerfile:1
# One image per NestJS service (and the pdf worker, which runs from the documents image, with poppler and LibreOffice):
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=identity -t brokerage/identity .
# Multi-stage: full install + swc build, then a runtime with production dependencies only, as the non-root `node` user.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- workspace manifests (every workspace's package.json: npm ci needs them all) ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/ui/package.json packages/ui/
COPY packages/nest-common/package.json packages/nest-common/
COPY packages/embedded-infra/package.json packages/embedded-infra/
COPY services/identity/package.json services/identity/
COPY services/listings/package.json services/listings/
COPY services/documents/package.json services/documents/
COPY services/messaging/package.json services/messaging/
COPY services/checklists/package.json services/checklists/
COPY gateway/package.json gateway/
COPY shell/package.json shell/
COPY mfe-public/package.json mfe-public/
COPY mfe-seller/package.json mfe-seller/
COPY mfe-buyer/package.json mfe-buyer/
COPY mfe-staff/package.json mfe-staff/

# ---- production dependencies ----
FROM manifests AS deps
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ---- build ----
FROM manifests AS build
ARG SERVICE
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY .swcrc tsconfig.base.json ./
COPY infra/launcher infra/launcher
COPY packages packages
COPY services/${SERVICE} services/${SERVICE}
RUN test -n "${SERVICE}" || (echo "build with --build-arg SERVICE=<identity|listings|documents|messaging|checklists>" && exit 1)
# Builds the service and the workspace packages it depends on (packages/nest-common, …).
RUN node infra/launcher/build.mjs --only services/${SERVICE}
# What the runtime needs: built output and package sources, no node_modules.
RUN mkdir -p /out && for d in packages/* services/${SERVICE}; do \
      mkdir -p /out/$d && cp $d/package.json /out/$d/ && \
      for s in src dist migrations; do if [ -e $d/$s ]; then cp -r $d/$s /out/$d/; fi; done; \
    done && rm -rf /out/services/${SERVICE}/src

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# documents only (its API and the pdf worker run from this image): poppler-utils renders the viewer's pages and text
# (pdftoppm, pdftotext), LibreOffice Writer without GUI converts .doc/.docx to PDF for viewing (soffice --headless),
# with Debian's metric-compatible fonts for Word files. The other services' images stay slim.
RUN if [ "${SERVICE}" = "documents" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends poppler-utils libreoffice-writer-nogui fonts-liberation2 fonts-dejavu-core \
      && rm -rf /var/lib/apt/lists/* \
      && pdftoppm -v && soffice --version; \
    fi
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /out ./
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec: node is PID 1's replacement and receives SIGTERM (graceful shutdown hooks).
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/src/main.js"]
