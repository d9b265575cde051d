# syntax=docker/dockerfile:1
# One static image per Module Federation remote, served by unprivileged nginx on :8080 (its own host or CDN origin):
#   docker build -f infra/docker/remote.Dockerfile --build-arg REMOTE=mfe-public -t brokerage/mfe-public .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

FROM ${NODE_IMAGE} AS build
ARG REMOTE
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
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
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.web.json ./
COPY infra/launcher infra/launcher
COPY infra/rspack infra/rspack
COPY packages packages
COPY ${REMOTE} ${REMOTE}
RUN test -n "${REMOTE}" || (echo "build with --build-arg REMOTE=<mfe-public|mfe-seller|mfe-buyer|mfe-staff>" && exit 1)
RUN node infra/launcher/build.mjs --only ${REMOTE} && rm -f ${REMOTE}/dist/.build-stamp.json

FROM ${NGINX_IMAGE} AS runtime
ARG REMOTE
COPY infra/docker/nginx-remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${REMOTE}/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/mf-manifest.json || exit 1
