#!/usr/bin/env bash
# Each remote stands alone for its team (README.md#developing-one-remote): `npm run build|test|lint -w mfe-<name>`
# pass with no other app built. Every app's dist/ is set aside first; each remote is then checked with only its own
# build present, and its fresh dist/ is kept, so CI's later `npm run build:missing` builds only the shell.
# (`npm run typecheck` already runs per workspace and needs no build.)
set -euo pipefail
cd "$(dirname "$0")/.."

apps=(shell mfe-certificates mfe-machines mfe-landing)
remotes=(mfe-certificates mfe-machines mfe-landing)
aside="$(mktemp -d)"

# Whatever happens, every dist/ that was set aside and not replaced goes back.
restore() {
  for app in "${apps[@]}"; do
    if [ -d "$aside/$app" ] && [ ! -d "$app/dist" ]; then mv "$aside/$app" "$app/dist"; fi
  done
  rm -rf "$aside"
}
trap restore EXIT

for app in "${apps[@]}"; do
  if [ -d "$app/dist" ]; then mv "$app/dist" "$aside/$app"; fi
done

for remote in "${remotes[@]}"; do
  for other in "${apps[@]}"; do
    if [ "$other" != "$remote" ] && [ -e "$other/dist" ]; then
      echo "$other/dist exists while $remote is checked alone" >&2
      exit 1
    fi
  done
  started=$SECONDS
  npm run build -w "$remote"
  npm run test -w "$remote" -- --ci
  npm run lint -w "$remote"
  # Set aside in place of any older build, so the next remote sees no other build.
  rm -rf "${aside:?}/$remote"
  mv "$remote/dist" "$aside/$remote"
  echo "$remote: build, test and lint alone in $((SECONDS - started)) s"
done
