#!/usr/bin/env bash
# Dev helper while several features add tables at once: rebuilds every not-yet-committed migration from the current
# drizzle schema (one generated file), then appends apps/server/drizzle-custom/*.sql (triggers, functions) as one
# custom migration. Serialised by a lock so parallel sessions do not interleave. Fresh test databases pick it up.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
exec 9>/tmp/dzy-migrate.lock
flock 9
git ls-files --others --exclude-standard drizzle | xargs -r rm -f
git checkout -- drizzle/meta/_journal.json
npx drizzle-kit generate --name workspace >/tmp/dzy-migrate.out 2>&1 || { cat /tmp/dzy-migrate.out; exit 1; }
shopt -s nullglob
custom=(drizzle-custom/*.sql)
if (( ${#custom[@]} )); then
  npx drizzle-kit generate --custom --name workspace_guards >>/tmp/dzy-migrate.out 2>&1
  f=$(ls -t drizzle/*_workspace_guards.sql | head -1)
  : > "$f"
  first=1
  for c in "${custom[@]}"; do
    if (( ! first )); then printf '\n--> statement-breakpoint\n' >> "$f"; fi
    cat "$c" >> "$f"; first=0
  done
fi
git ls-files --others --exclude-standard drizzle
