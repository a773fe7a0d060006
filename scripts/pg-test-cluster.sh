#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL cluster on 127.0.0.1 for the test suite.
#   scripts/pg-test-cluster.sh start   -> prints the TEST_DATABASE_URL to use
#   scripts/pg-test-cluster.sh stop
#   scripts/pg-test-cluster.sh status  -> exit 0 when it is running
#   scripts/pg-test-cluster.sh crash   -> stops it as a crash would (-m immediate), data kept
#   scripts/pg-test-cluster.sh halt    -> stops it cleanly (-m fast), data kept
#   scripts/pg-test-cluster.sh resume  -> starts the kept data again
# PG_TEST_DURABLE=1 keeps synchronous commits, so that a crash loses no acknowledged commit (the
# fault tests crash it); otherwise commits are asynchronous for speed.
set -euo pipefail
# Below the ephemeral port range (32768–60999 on Linux), so that no outgoing connection of the
# test run holds the port when the cluster starts.
PORT="${PG_TEST_PORT:-25432}"
DIR="${PG_TEST_DIR:-/tmp/waypoint-pg-test}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || { echo "PostgreSQL server binaries not found (install Debian's postgresql)" >&2; exit 1; }

SYNC="off"; [ "${PG_TEST_DURABLE:-}" = 1 ] && SYNC="on"
OPTS="-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=$SYNC -c full_page_writes=off -c max_connections=200"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

case "${1:-start}" in
  start)
    if run "'$BIN/pg_ctl' -D '$DIR/data' status" >/dev/null 2>&1; then
      echo "postgres://postgres@127.0.0.1:$PORT/waypoint_test"; exit 0
    fi
    rm -rf "$DIR"; mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    run "'$BIN/initdb' -D '$DIR/data' -A trust -U postgres --no-sync" >"$DIR/initdb.log" 2>&1
    run "'$BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -w -o \"$OPTS\" start" >/dev/null
    run "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres waypoint_test"
    echo "postgres://postgres@127.0.0.1:$PORT/waypoint_test"
    ;;
  status)
    run "'$BIN/pg_ctl' -D '$DIR/data' status" >/dev/null 2>&1
    ;;
  stop)
    run "'$BIN/pg_ctl' -D '$DIR/data' -m fast stop" >/dev/null 2>&1 || true
    ;;
  crash)
    run "'$BIN/pg_ctl' -D '$DIR/data' -m immediate stop" >/dev/null
    ;;
  halt)
    run "'$BIN/pg_ctl' -D '$DIR/data' -m fast stop" >/dev/null
    ;;
  resume)
    run "'$BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -w -o \"$OPTS\" start" >/dev/null
    ;;
  *) echo "usage: $0 start|stop|status|crash|halt|resume" >&2; exit 2 ;;
esac
