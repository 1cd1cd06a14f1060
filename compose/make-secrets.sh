#!/usr/bin/env bash
# Makes the compose tier's secrets once, each random: compose/secrets/nats-password, the keystore's
# key-encryption key compose/secrets/keystore-kek, the passphrase of the faucet's key file
# compose/secrets/faucet-passphrase, and REDIS_PASSWORD in .env (compose reads it for the Redis
# URL), with COMPOSE_PROJECT_NAME=photon. Existing ones are kept: a new KEK would orphan live unlock sessions, a new passphrase would
# not open the faucet's key file already in the keystore volume.
set -euo pipefail
cd "$(dirname "$0")"

# The directory keeps other host users out; the files stay readable by the containers' user
# (uid 1000), since compose mounts file secrets with the host's owner and mode.
mkdir -p secrets
chmod 0700 secrets
make() {
  if [ ! -s "secrets/$1" ]; then
    od -An -tx1 -N"$2" /dev/urandom | tr -d ' \n' > "secrets/$1"
    chmod 0644 "secrets/$1"
    echo "compose: made compose/secrets/$1"
  fi
}
make nats-password 24
make keystore-kek 32
make faucet-passphrase 24

# The faucet sends from the devnet's dev account 0, whose key every devnet user knows: the keystore
# imports it at start (--import-key-file).
if [ ! -s secrets/faucet-key ]; then
  echo 0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80 > secrets/faucet-key
  chmod 0644 secrets/faucet-key
  echo "compose: made compose/secrets/faucet-key (dev account 0)"
fi

# The project's name (v2's top-level `name:` would shut out docker-compose 1.29).
if ! grep -qs '^COMPOSE_PROJECT_NAME=' ../.env; then
  echo "COMPOSE_PROJECT_NAME=photon" >> ../.env
  chmod 0600 ../.env
fi
if ! grep -qs '^REDIS_PASSWORD=' ../.env; then
  echo "REDIS_PASSWORD=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')" >> ../.env
  chmod 0600 ../.env
  echo "compose: added REDIS_PASSWORD to .env"
fi
