# Waypoint in one image: the built web app and the built server, run with NODE_ENV=production.
FROM node:20-bookworm-slim
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# pg_dump/pg_restore for `npm run backup`/`restore`: from PostgreSQL's own repository, of the version of
# compose.yaml's database (pg_dump must be at least the server's version; Debian's is 15).
ARG PG_CLIENT_VERSION=16
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_VERSION} \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]
