#!/bin/sh
# Creates Temporal's two databases and brings their schemas up to date (admin-tools image).
# Safe to run on every `docker compose up`: the steps are the ones the former auto-setup image ran
# on each start, and update-schema only applies versions that are missing.
set -eu

: "${POSTGRES_SEEDS:?}" "${DB_PORT:?}" "${POSTGRES_USER:?}" "${SQL_PASSWORD:?}"
SCHEMA_ROOT=/etc/temporal/schema/postgresql/v12

echo "Waiting for PostgreSQL at ${POSTGRES_SEEDS}:${DB_PORT}..."
until nc -z -w 10 "$POSTGRES_SEEDS" "$DB_PORT"; do sleep 1; done

sql_tool() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -u "$POSTGRES_USER" -p "$DB_PORT" "$@"
}

for pair in "${DBNAME:-temporal}:temporal" "${VISIBILITY_DBNAME:-temporal_visibility}:visibility"; do
  db=${pair%%:*}
  schema=${pair##*:}
  echo "Setting up database ${db} (${schema} schema)"
  sql_tool --db "$db" create
  sql_tool --db "$db" setup-schema -v 0.0
  sql_tool --db "$db" update-schema -d "${SCHEMA_ROOT}/${schema}/versioned"
done

echo 'Temporal schema setup complete'
