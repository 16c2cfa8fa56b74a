# The shop as one container (docs/operations.md): the same compiled server `npm start` runs, on Node 20.
# Build:  docker build -t lunette .
# Run:    docker run -p 8080:8080 -e PUBLIC_URL=https://shop.example -v lunette-data:/data lunette
# (MAGENTO_BACKEND_URL=https://magento.example proxies a real Magento instead of the embedded backend.)

# --- build: every dependency from the lock file, then the SPA, the server render and the server ---
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- run: production dependencies only, the built dist/ (SPA + dist/.server/main.js), no TypeScript ---
FROM node:20-slim
# PUBLIC_URL is not set here: it is the address shoppers use, given at run time
# (`docker run -e PUBLIC_URL=https://shop.example …`); without it the server refuses to start, since
# on 0.0.0.0 its emails' links would take the host a request names (server/config.ts, missingPublicOrigin).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The embedded backend's database and resized images live in /data (a volume), owned by the non-root user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM (docker stop) drains the requests in flight and closes the database before exiting.
STOPSIGNAL SIGTERM
# The V8 old-generation cap of `npm run serve` (ADR 026)
CMD ["node", "--max-old-space-size=192", "dist/.server/main.js"]
