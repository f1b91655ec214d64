#!/usr/bin/env bash
# The project's one installer of outside tools: each only when it is missing, so a second run costs a few checks.
#   - Go programs, built into .tools/bin at pinned versions from the Go module proxy: the Temporal CLI (dev
#     server) and stripe-mock (Stripe's API mock); for the offline deployment checks (test/deploy) helm (renders
#     the chart), kubeconform (validates it against deploy/kubernetes/schemas) and our own compose-config
#     (Compose's loader, compose-go, on docker-compose.yml; rebuilt when its source changes);
#   - Debian packages: Chromium (browser tests), poppler-utils (PDFs to text and images), faketime (the unit
#     tests a year ahead), HAProxy and nginx (proxies in front of the API), prometheus (its promtool checks and
#     unit-tests the SLO rules; a Go build of promtool takes over an hour on this machine, the package seconds).
# .ci/run and both test setups (test/support/test-tools.ts, deploy-tools.ts) run it. Debian packages need root
# or sudo and the package mirrors; without them it names what is missing and how to install it, and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/bin:/usr/local/go/bin:$PATH"
# One run at a time on a machine (two worktrees, or CI beside a test setup): the others wait, then find the tools.
exec 9>"${TMPDIR:-/tmp}/notices-install-test-tools.lock"
flock 9

# --- Go programs -------------------------------------------------------------------------------------------
has_temporal() {
  [ -n "${TEMPORAL_CLI_PATH:-}" ] && [ -x "$TEMPORAL_CLI_PATH" ] && return 0
  command -v temporal >/dev/null 2>&1
}
if ! has_temporal; then
  echo "install-test-tools: building the Temporal CLI into .tools/bin (a few minutes, once)"
  npx tsx scripts/ensure-temporal-cli.ts >/dev/null
fi

if [ -z "${STRIPE_MOCK_PATH:-}" ] && ! command -v stripe-mock >/dev/null 2>&1; then
  echo "install-test-tools: building stripe-mock into .tools/bin"
  GOBIN="$PWD/.tools/bin" go install github.com/stripe/stripe-mock@v0.203.0
fi

mkdir -p .tools/bin
HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.7.0
# Builds `module@version` into .tools/bin unless NAME is already installed or on PATH.
ensure_go() {
  local name=$1 package=$2
  if [ -x "$PWD/.tools/bin/$name" ] || command -v "$name" >/dev/null 2>&1; then return 0; fi
  echo "install-test-tools: building $name into .tools/bin"
  GOBIN="$PWD/.tools/bin" go install "$package"
}
ensure_go helm "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
ensure_go kubeconform "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION"

compose_config=scripts/compose-config
if [ ! -x .tools/bin/compose-config ] || [ -n "$(find "$compose_config" -newer .tools/bin/compose-config -type f)" ]; then
  echo "install-test-tools: building compose-config into .tools/bin"
  (cd "$compose_config" && go build -o "$OLDPWD/.tools/bin/compose-config" .)
fi

# --- Debian packages: "package:path or command that shows it is there" ------------------------------------
missing=()
for entry in chromium:/usr/bin/chromium poppler-utils:pdftoppm faketime:faketime haproxy:haproxy nginx:nginx prometheus:promtool; do
  package=${entry%%:*}
  probe=${entry#*:}
  if [ "$package" = chromium ] && [ -n "${CHROMIUM_PATH:-}" ]; then probe=$CHROMIUM_PATH; fi
  case "$probe" in
    /*) [ -x "$probe" ] || missing+=("$package") ;;
    *) command -v "$probe" >/dev/null 2>&1 || [ -x "/usr/sbin/$probe" ] || missing+=("$package") ;;
  esac
done

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
      echo "install-test-tools: missing ${missing[*]}; install as root: apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "install-test-tools: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Another run of this installer (a second worktree, a test setup) may hold the lock: wait for it.
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi
echo "install-test-tools: Temporal CLI, stripe-mock, helm, kubeconform, compose-config, Chromium, poppler-utils, faketime, HAProxy, nginx and promtool present"
