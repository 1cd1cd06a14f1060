# One image for every Photon role: the command names the role (`docker run photon:0.1.0 gateway`, `… query`).
# Build: scripts/docker-build.sh (BuildKit; passes a TLS-inspecting proxy's CA when one is set), or
#   DOCKER_BUILDKIT=1 docker build -t photon:0.1.0 [--secret id=ca_certs,src=<CA bundle>] .
# The optional ca_certs secret is a PEM bundle npm and pnpm trust during the build (a corporate
# proxy's CA): mounted only for the RUN that fetches, never written into a layer.

ARG NODE_IMAGE=node:20-bookworm-slim

# pnpm as package.json's packageManager pins it. Installed with npm, as ./photon does where corepack
# (0.34 on Node 20) cannot verify the registry's signatures.
FROM ${NODE_IMAGE} AS pnpm
WORKDIR /src
COPY package.json ./
RUN --mount=type=secret,id=ca_certs \
  if [ -f /run/secrets/ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs; fi \
  && npm install -g "$(node -p "require('./package.json').packageManager")" && pnpm --version

# Every package the lockfile names, into pnpm's store: this layer changes only with the lockfile.
FROM pnpm AS fetch
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
# The fixes pnpm applies to dependencies as it installs them (pnpm-workspace.yaml's patchedDependencies).
COPY patches ./patches
RUN --mount=type=secret,id=ca_certs \
  if [ -f /run/secrets/ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs; fi \
  && pnpm fetch --store-dir /pnpm/store

# The workspace installed from that store (no network) and built.
FROM fetch AS build
COPY . .
RUN pnpm install --frozen-lockfile --offline --store-dir /pnpm/store
RUN pnpm build
# Pruned to what the CLI runs: production dependencies of @photon/cli and its workspace packages, then
# no sources, tests, bench or test helpers (dist/, the .proto files libs/ethermint-wire loads and the
# execution-apis document libs/types/spec holds for rpc.discover stay). The prune leaves the
# node_modules/.bin links of the dev tools it removed: dangling, they go too.
RUN CI=true pnpm install --prod --frozen-lockfile --offline --store-dir /pnpm/store --filter "@photon/cli..." \
  && rm -rf bench libs/testing apps/*/src apps/*/e2e libs/*/src libs/*/e2e libs/*/scripts \
  && find apps libs -name '*.tsbuildinfo' -delete \
  && find node_modules/.bin -xtype l -delete

FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it forwards SIGTERM to node (which then drains) and reaps zombies.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/photon/keystore /var/lib/photon/devnet \
  && chown -R node:node /var/lib/photon \
  && chmod 0700 /var/lib/photon/keystore /var/lib/photon/devnet
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/libs ./libs
COPY --from=build /src/apps ./apps
# The image's own user (uid 1000 in the node images); key files and the devnet's chain live in
# /var/lib/photon, which named volumes inherit with this owner.
USER node
# 8545 HTTP JSON-RPC, 8546 websocket JSON-RPC (the gateway), 9464 the ops listener (every role),
# 26657 CometBFT RPC (photon devnet).
EXPOSE 8545 8546 9464 26657
ENTRYPOINT ["/usr/bin/tini", "--", "node", "/app/apps/photon/dist/launcher.js"]
CMD ["gateway"]
