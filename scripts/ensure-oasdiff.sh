#!/usr/bin/env bash
# Installs oasdiff (the OpenAPI diff CI uses to refuse breaking changes) into .tools/bin unless one is on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v oasdiff >/dev/null 2>&1; then
  echo "oasdiff: $(command -v oasdiff)"
  exit 0
fi
GO=$(command -v go || echo /usr/local/go/bin/go)
GOBIN="$PWD/.tools/bin" "$GO" install github.com/oasdiff/oasdiff@v1.35.0
echo "oasdiff: $PWD/.tools/bin/oasdiff"
