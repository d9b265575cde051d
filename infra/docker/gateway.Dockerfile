# syntax=docker/dockerfile:1
# The gateway image: the gateway (fastify) and the shell (Module Federation host) it serves at /.
# Remotes are separate images (remote.Dockerfile); the registry file says where they are.
#   docker build -f infra/docker/gateway.Dockerfile -t brokerage/gateway .
ARG NODE_IMAGE=node:20-bookworm-slim

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

FROM manifests AS deps
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM manifests AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY .swcrc tsconfig.base.json tsconfig.web.json ./
COPY infra/launcher infra/launcher
COPY infra/rspack infra/rspack
COPY packages packages
COPY gateway gateway
COPY shell shell
RUN node infra/launcher/build.mjs --only gateway,shell
RUN mkdir -p /out/infra && for d in packages/* gateway shell; do \
      mkdir -p /out/$d && cp $d/package.json /out/$d/ && \
      for s in src dist; do if [ -e $d/$s ]; then cp -r $d/$s /out/$d/; fi; done; \
    done && rm -rf /out/gateway/src /out/shell/src

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_DIR=/app COOKIE_SECURE=1
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /out ./
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/identity').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"
CMD ["node", "gateway/dist/main.js"]
