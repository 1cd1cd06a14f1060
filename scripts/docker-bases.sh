#!/usr/bin/env bash
# Builds local stand-ins for the base images the Dockerfile and docker-compose.yml name, for a Docker
# daemon that reaches no image registry (CI here: Debian's packages and npm only). Each is built
# only when its tag is absent, so later runs cost nothing; with a registry, pull the real ones instead.
#   scripts/docker-bases.sh            (as root: debootstrap needs it; DEBIAN_MIRROR overrides the mirror)
# debian:bookworm-slim comes from debootstrap; node:20-bookworm-slim adds this machine's Node 20
# (bookworm's nodejs is 18); nats, redis and haproxy are Debian's packages (versions in their files).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
files="$here/docker-bases"

have() { docker image inspect "$1" >/dev/null 2>&1; }
say() { echo "docker-bases: $*" >&2; }

# The first Debian archive (not its security archive) apt on this machine uses.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then
    echo "$DEBIAN_MIRROR"
    return
  fi
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } \
    | grep -oE '(deb|URIs:)[[:space:]]+(\[[^]]*\][[:space:]]+)?https?://[^[:space:]]+/debian/?([[:space:]]|$)' \
    | grep -oE 'https?://[^[:space:]]+' | head -n 1 | sed 's:/$::'
}

build_debian() {
  local mirror root
  mirror="$(debian_mirror)"
  [ -n "$mirror" ] || { say "no Debian mirror in /etc/apt/sources.list*: set DEBIAN_MIRROR"; exit 1; }
  command -v debootstrap >/dev/null || { say "debootstrap is missing: apt-get install -y debootstrap"; exit 1; }
  root="$(mktemp -d)"
  trap 'rm -rf "$root"' RETURN
  say "debian:bookworm-slim from debootstrap (minbase) off $mirror"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
  # apt sources as the official image lays them out (deb822), security updates included.
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
  tar -C "$root" -c . | docker import --change 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
}

build_node() {
  local node ctx lib
  node="$(command -v node)"
  case "$("$node" --version)" in
    v20.*) ;;
    *) say "node:20-bookworm-slim needs this machine's node to be Node 20, not $("$node" --version)"; exit 1 ;;
  esac
  lib="$(npm root -g)"
  ctx="$(mktemp -d)"
  trap 'rm -rf "$ctx"' RETURN
  say "node:20-bookworm-slim with this machine's Node $("$node" --version)"
  cp "$(readlink -f "$node")" "$ctx/node"
  mkdir "$ctx/lib"
  cp -r "$lib/npm" "$lib/corepack" "$ctx/lib/"
  docker build -q -t node:20-bookworm-slim -f "$files/node.Dockerfile" "$ctx" >/dev/null
}

build_from_debian() {
  say "$1 from Debian's packages"
  docker build -q -t "$1" -f "$files/$2.Dockerfile" "$files" >/dev/null
}

have debian:bookworm-slim || build_debian
have node:20-bookworm-slim || build_node
have nats:2.10-alpine || build_from_debian nats:2.10-alpine nats
have redis:7-alpine || build_from_debian redis:7-alpine redis
have haproxy:3.0-alpine || build_from_debian haproxy:3.0-alpine haproxy
say "ready: debian:bookworm-slim node:20-bookworm-slim nats:2.10-alpine redis:7-alpine haproxy:3.0-alpine"
