# The production image: the same `npm ci` and `npm run build` that CI runs, then only what the server needs.
# Run it with DATABASE_URL (an external PostgreSQL; the embedded one is for a single machine) and behind a
# TLS-terminating proxy (TRUSTED_PROXY_HOPS). See docs/OPERATIONS.md.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/common ./common
COPY --from=build --chown=node:node /app/app/i18n ./app/i18n
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains (SHUTDOWN_DRAIN_MS), then finishes requests in flight (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
# --disable-proto=delete: Object.prototype.__proto__ does not exist, a second wall against prototype pollution.
CMD ["node", "--disable-proto=delete", "server/serve.js"]
