# syntax=docker/dockerfile:1
# Multi-stage: build with all dependencies, run with production ones only.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# patches/: the fixes npm's postinstall applies to installed packages (docs/decisions/191).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
# patch-package skips the patches of devDependencies (not installed here) only when NODE_ENV is production.
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 MEDIA_DIR=/data/media
# ffmpeg checks and transcodes uploaded lessons (docs/decisions/175, 176). Their folder is a volume (docker-compose.yml).
RUN apt-get update \
	&& apt-get install -y --no-install-recommends ffmpeg \
	&& rm -rf /var/lib/apt/lists/* \
	&& mkdir -p /data/media \
	&& chown node:node /data/media
WORKDIR /app
COPY --from=production-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/build-server ./build-server
COPY --from=build --chown=node:node /app/public ./public
# Lesson media and resource files: served to members only, through /media and /resources (docs/decisions/134).
COPY --from=build --chown=node:node /app/private ./private
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
	CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same arguments as `npm start` (scripts/server-command.mjs says why).
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=16", "build-server/server.js"]
