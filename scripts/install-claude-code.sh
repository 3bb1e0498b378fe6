#!/usr/bin/env bash
# Installs the real Claude Code (the native binary, about 400 MB) that the Claude Code hook tests
# drive offline, into a cache outside the clone, only when it is missing. The version is pinned:
# the tests assert the exact tool_result texts this version sends the model.
#   prints the binary's path on standard output
set -euo pipefail
version=2.1.332
cache="${ASKUSER_CLAUDE_CODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/askuser-test/claude-code}"
binary="$cache/node_modules/@anthropic-ai/claude-code-linux-x64/claude"
if [ ! -x "$binary" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error \
    "@anthropic-ai/claude-code-linux-x64@$version" >&2
fi
if [ ! -x "$binary" ]; then
  echo "install-claude-code: no executable at $binary after installing" >&2
  exit 1
fi
echo "$binary"
