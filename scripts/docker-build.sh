#!/usr/bin/env bash
# Builds the Photon image with BuildKit as photon:<package.json version> (the one image name), handing
# the build the CA bundle this machine's npm trusts as the optional `ca_certs` secret, so npm and
# pnpm inside the build get through a TLS-inspecting proxy. The bundle never enters a layer.
#   scripts/docker-build.sh [docker build arguments]      PHOTON_IMAGE=<tag> picks another tag
#   PHOTON_BUILD_CA_FILE=<PEM bundle> picks the bundle; PHOTON_BUILD_CA_FILE= (empty) passes none.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${PHOTON_IMAGE:-photon:$(node -p "require('./package.json').version")}"

# A docker client that builds with BuildKit: one with the buildx plugin, or one from before 23.0
# (BuildKit built in, as Debian's docker.io 20.10 has), whichever comes first on PATH.
buildkit_docker() {
  local d v
  for d in $(type -ap docker); do
    if "$d" buildx version >/dev/null 2>&1; then echo "$d"; return; fi
    v="$("$d" version --format '{{.Client.Version}}' 2>/dev/null || true)"
    if [ -n "$v" ] && [ "${v%%.*}" -lt 23 ]; then echo "$d"; return; fi
  done
  echo "docker-build: no docker client with BuildKit on PATH (install the buildx plugin)" >&2
  return 1
}

ca_file() {
  if [ -n "${PHOTON_BUILD_CA_FILE+set}" ]; then
    echo "$PHOTON_BUILD_CA_FILE"
  elif [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
    echo "$NODE_EXTRA_CA_CERTS"
  else
    local npm_ca
    npm_ca="$(npm config get cafile 2>/dev/null || true)"
    case "$npm_ca" in null | undefined) ;; *) echo "$npm_ca" ;; esac
  fi
}

docker="$(buildkit_docker)"
args=(build -t "$tag")
ca="$(ca_file)"
if [ -n "$ca" ]; then
  [ -r "$ca" ] || { echo "docker-build: cannot read the CA bundle $ca" >&2; exit 1; }
  args+=(--secret "id=ca_certs,src=$ca")
fi
DOCKER_BUILDKIT=1 exec "$docker" "${args[@]}" "$@" .
