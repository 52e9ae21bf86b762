# Helpers for scripts/test.sh and .ci/run: dependencies and local services.

# `npm ci` installs exactly the lockfile (which lists every platform's optional binaries); it runs
# again only when the lockfile is newer than the last install.
ensure_dependencies() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

# PostgreSQL and Redis as installed on the development and CI machines, started when down.
ensure_services() {
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    echo "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "starting Redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 1; done
  fi
}

create_test_database() {
  local name="ass_test_$(date +%s)_$$"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "create database $name" >/dev/null
  echo "postgres://postgres@127.0.0.1:5432/$name"
}

# Drops a database made by create_test_database (on exit, so no run leaves one behind).
drop_test_database() {
  psql -h 127.0.0.1 -U postgres -d postgres -qc "drop database if exists ${1##*/} with (force)" \
    >/dev/null 2>&1 || true
}

check_migrations_in_sync() {
  local before after
  before=$(ls db/migrations/*.sql | wc -l)
  npx drizzle-kit generate --name drift >/dev/null
  after=$(ls db/migrations/*.sql | wc -l)
  if [ "$before" != "$after" ]; then
    git checkout -- db/migrations 2>/dev/null || true
    git clean -fdq db/migrations
    echo "db/schema changed without a migration: run npm run db:generate and commit it" >&2
    return 1
  fi
}

# Settings are read through config/ alone (tests, their support files and Next.js' own
# build-time NEXT_RUNTIME aside).
check_config_reads() {
  local reads
  reads=$(grep -rn "process\.env" --include=*.ts --include=*.tsx app lib db inngest cli components startup \
    | grep -v -e "\.test\.ts:" -e "/test-support/" || true)
  if [ -n "$reads" ]; then
    echo "read settings with config() from config/index.ts, not process.env:" >&2
    echo "$reads" >&2
    return 1
  fi
}
