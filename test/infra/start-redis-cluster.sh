#!/usr/bin/env bash
# Starts a Redis Cluster of six nodes on loopback, three masters and a replica of each, on ports
# BASE..BASE+5 (their cluster bus on BASE+10000..), with their files in DIR; nothing is kept on
# disk. Waits until the cluster answers `cluster_state:ok` on every node.
#   start-redis-cluster.sh DIR BASE      stop: kill the pids in DIR/*.pid
set -euo pipefail
dir=${1:?usage: start-redis-cluster.sh DIR BASE}
base=${2:?usage: start-redis-cluster.sh DIR BASE}
mkdir -p "$dir"
nodes=()
for i in 0 1 2 3 4 5; do
  port=$((base + i))
  redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --save "" --appendonly no \
    --cluster-enabled yes --cluster-config-file "nodes-$port.conf" --cluster-node-timeout 1500 \
    --dir "$dir" --pidfile "$dir/redis-$port.pid" --logfile "$dir/redis-$port.log"
  nodes+=("127.0.0.1:$port")
done
# Up to 15 s each: a loaded machine starts them slowly. A node that never answers is named.
for node in "${nodes[@]}"; do
  for _ in $(seq 1 150); do redis-cli -p "${node#*:}" ping >/dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p "${node#*:}" ping >/dev/null 2>&1 || { echo "the node on $node did not start: $(tail -n 3 "$dir/redis-${node#*:}.log")" >&2; exit 1; }
done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 --cluster-yes >"$dir/create.log"
for node in "${nodes[@]}"; do
  for _ in $(seq 1 100); do
    redis-cli -p "${node#*:}" cluster info | grep -q '^cluster_state:ok' && break
    sleep 0.1
  done
  # A replica counts once it has its master's data (a failover before that would lose it).
  if redis-cli -p "${node#*:}" info replication | grep -q '^role:slave'; then
    for _ in $(seq 1 100); do
      redis-cli -p "${node#*:}" info replication | grep -q '^master_link_status:up' && break
      sleep 0.1
    done
  fi
done
