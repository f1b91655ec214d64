#!/bin/sh
# Creates the application's namespace and registers its custom search attributes (admin-tools
# image). Idempotent: `namespace describe` guards the create, and `search-attribute create`
# succeeds when an attribute already exists with the same type.
set -eu

: "${TEMPORAL_ADDRESS:?}" "${TEMPORAL_NAMESPACE:?}" "${SEARCH_ATTRIBUTES:?}"
RETENTION=${TEMPORAL_NAMESPACE_RETENTION:-720h}

# Retries a command: the frontend caches namespaces, so a fresh one is "not found" for a few seconds.
retry() {
  attempt=1
  until "$@"; do
    if [ "$attempt" -ge 30 ]; then
      echo "giving up after $attempt attempts: $*" >&2
      return 1
    fi
    attempt=$((attempt + 1))
    sleep 2
  done
}

retry temporal operator cluster health --address "$TEMPORAL_ADDRESS"

if ! temporal operator namespace describe -n "$TEMPORAL_NAMESPACE" --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1; then
  echo "Creating namespace ${TEMPORAL_NAMESPACE} (retention ${RETENTION})"
  temporal operator namespace create -n "$TEMPORAL_NAMESPACE" --retention "$RETENTION" --address "$TEMPORAL_ADDRESS"
fi

# SEARCH_ATTRIBUTES is "Name=Type Name=Type ...", the single list kept in docker-compose.yml.
set --
for pair in $SEARCH_ATTRIBUTES; do
  set -- "$@" --name "${pair%%=*}" --type "${pair##*=}"
done
echo "Registering search attributes: ${SEARCH_ATTRIBUTES}"
retry temporal operator search-attribute create -n "$TEMPORAL_NAMESPACE" --address "$TEMPORAL_ADDRESS" "$@"
echo 'Temporal namespace setup complete'
