#!/usr/bin/env bash
# Installs Stripe's official API mock into .tools/bin unless one is already on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v stripe-mock >/dev/null 2>&1; then
  echo "stripe-mock: $(command -v stripe-mock)"
  exit 0
fi
GO=$(command -v go || echo /usr/local/go/bin/go)
GOBIN="$PWD/.tools/bin" "$GO" install github.com/stripe/stripe-mock@v0.203.0
echo "stripe-mock: $PWD/.tools/bin/stripe-mock"
