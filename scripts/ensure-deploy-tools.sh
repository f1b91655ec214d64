#!/usr/bin/env bash
# Installs into .tools/bin, each unless it is already there or on PATH, the Go programs that check the
# deployment offline (test/deploy):
#   helm            renders the chart in deploy/helm/notices
#   kubeconform     validates every rendered object against the schemas in deploy/kubernetes/schemas
#   promtool        checks and unit-tests the SLO rules in deploy/prometheus/rules
#   compose-config  Compose's own loader (compose-go) on docker-compose.yml (scripts/compose-config)
# Each is built from the Go module proxy at a pinned version; cold build times are in docs/deploying.md.
set -euo pipefail
cd "$(dirname "$0")/.."

HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.7.0
# Prometheus 3.x tags its Go module v0.3MM.P for v3.MM.P.
PROMETHEUS_MODULE_VERSION=v0.316.0

GO=$(command -v go || echo /usr/local/go/bin/go)
BIN="$PWD/.tools/bin"
mkdir -p "$BIN"

# Builds `module@version` into .tools/bin unless NAME is already installed; prints how long the build took.
ensure() {
  local name=$1 package=$2
  if [ -x "$BIN/$name" ]; then
    echo "$name: $BIN/$name"
  elif command -v "$name" >/dev/null 2>&1; then
    echo "$name: $(command -v "$name")"
  else
    local start=$SECONDS
    GOBIN="$BIN" "$GO" install "$package"
    echo "$name: built $package in $((SECONDS - start)) s"
  fi
}

ensure helm "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
ensure kubeconform "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION"
ensure promtool "github.com/prometheus/prometheus/cmd/promtool@$PROMETHEUS_MODULE_VERSION"

# Our own program: rebuilt whenever its source or its pinned compose-go changed.
source_dir=scripts/compose-config
if [ -x "$BIN/compose-config" ] && [ -z "$(find "$source_dir" -newer "$BIN/compose-config" -type f)" ]; then
  echo "compose-config: $BIN/compose-config"
else
  start=$SECONDS
  (cd "$source_dir" && "$GO" build -o "$BIN/compose-config" .)
  echo "compose-config: built in $((SECONDS - start)) s"
fi
