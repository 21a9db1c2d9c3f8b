#!/usr/bin/env bash
# Starts a PgBouncer in transaction pooling mode on 127.0.0.1:${PGBOUNCER_PORT:-6432} in front of
# the PostgreSQL server on 127.0.0.1:5432 (trust authentication, as on the test machines), with
# its configuration, log and pid file in the directory given as the first argument. Stock settings
# otherwise: no ignore_startup_parameters, so the service must connect the way a managed pooler
# expects. Debian's package provides the binary (apt-get install pgbouncer).
set -euo pipefail
dir=${1:?usage: start-pgbouncer.sh DIR}
port=${PGBOUNCER_PORT:-6432}
mkdir -p "$dir"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo '"postgres" ""' >"$dir/userlist.txt"
# PgBouncer refuses to run as root: it runs as the postgres user, which must read its files.
user=$(id -un)
if [ "$user" = root ]; then
  chown -R postgres "$dir"
  user=postgres
fi
if [ -f "$dir/pgbouncer.pid" ] && kill -0 "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; then
  kill "$(cat "$dir/pgbouncer.pid")"
  sleep 1
fi
pgbouncer -d -u "$user" "$dir/pgbouncer.ini"
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p "$port" -q && exit 0
  sleep 0.2
done
echo "PgBouncer did not start; see $dir/pgbouncer.log" >&2
exit 1
