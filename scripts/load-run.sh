#!/usr/bin/env bash
# One measured load run, as docs/PERFORMANCE.md reports them: a release
# server on a fresh database and a free port, `fray-load` against it with the
# arguments given, then the CPU each process spent per acknowledged action
# over the play only (set-up excluded), from /proc/PID/stat, and the server's
# write system calls and bytes per action, from /proc/PID/io.
#
#   scripts/load-run.sh --matches 1000 --duration 20
#   scripts/load-run.sh --matches 1000 --duration 20 --rate 10000
#   scripts/load-run.sh --matches 0 --idle 10000 --duration 10
#
# Settings (environment): NO_BUILD=1 skips the release build; BIN=DIR runs the
# binaries in DIR (to compare two builds); SERVER_LOG sets the server's
# RUST_LOG (`fray_server::store=debug,info` logs every group commit, and the
# run then ends with their sizes and times).
# Needs `ulimit -n` above twice the connections; it raises it if allowed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z "${NO_BUILD:-}" && -z "${BIN:-}" ]]; then
    (cd "$root" && cargo build --release -p fray-server -p fray-load)
fi
bin=${BIN:-$root/target/release}
ulimit -n 20000 2>/dev/null || true

work=$(mktemp -d -t fray-load.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Every bot registers from 127.0.0.1: the limits per address are off.
RUST_LOG=${SERVER_LOG:-info} "$bin/fray-server" serve --bind "127.0.0.1:$port" \
    --database "sqlite://$work/fray.db" --players-per-minute 0 --lobby-writes-per-minute 0 \
    --max-connections-per-address 0 \
    >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
    sleep 0.1
done

# fray-load itself rather than `fray load`, whose child it would be: its own
# pid is the one whose CPU is read below.
"$bin/fray-load" --server "http://127.0.0.1:$port" --server-pid "$server" "$@" \
    >"$work/summary.txt" 2>"$work/progress.log" &
load=$!

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Write system calls and bytes: unlike CPU time, they do not move with the
# host's speed, so they compare two builds across a noisy session.
writes() { awk '$1 == "syscw:" {calls = $2} $1 == "wchar:" {bytes = $2} END {print calls, bytes}' "/proc/$1/io"; }
acks_now() { grep '^\[load' "$work/progress.log" | tail -1 | awk '{for (i = 1; i <= NF; i++) if ($i == "acks") print $(i + 1)}'; }

until grep -q '^\[load' "$work/progress.log" 2>/dev/null; do
    kill -0 $load 2>/dev/null || break
    sleep 0.2
done
server0=$(cpu_ticks $server); load0=$(cpu_ticks $load); acks0=$(acks_now); acks0=${acks0:-0}
read -r calls0 bytes0 < <(writes $server)
server1=$server0; load1=$load0; acks1=$acks0; calls1=$calls0; bytes1=$bytes0
while kill -0 $load 2>/dev/null; do
    server1=$(cpu_ticks $server 2>/dev/null || echo "$server1")
    read -r calls1 bytes1 < <(writes $server 2>/dev/null || echo "$calls1 $bytes1")
    load1=$(cpu_ticks $load 2>/dev/null || echo "$load1")
    acks1=$(acks_now); acks1=${acks1:-$acks0}
    sleep 0.5
done
wait $load || true
cat "$work/summary.txt"
acks=$((acks1 - acks0))
if ((acks > 0)); then
    hz=$(getconf CLK_TCK)
    echo "play: $acks acks; server CPU $(((server1 - server0) * 1000 / hz)) ms =" \
        "$(((server1 - server0) * 1000000 / hz / acks)) µs/ack;" \
        "load tool CPU $(((load1 - load0) * 1000 / hz)) ms = $(((load1 - load0) * 1000000 / hz / acks)) µs/ack"
    echo "server writes: $(((calls1 - calls0) * 100 / acks / 100)).$(printf '%02d' $(((calls1 - calls0) * 100 / acks % 100))) system calls" \
        "and $(((bytes1 - bytes0) / acks)) bytes per ack (the log, the database; not sockets)"
fi
if grep -q 'group commit' "$work/server.log"; then
    sed -nE 's/.*group commit.*events=([0-9]+) micros=([0-9]+).*/\1 \2/p' "$work/server.log" | sort -k2 -n |
        awk '{micros[NR] = $2; events += $1}
             END {printf "group commits: %d, %d events each on average; µs p50 %d, p90 %d, p99 %d, max %d\n",
                  NR, events / NR, micros[int(NR * .5)], micros[int(NR * .9)], micros[int(NR * .99)], micros[NR]}'
fi
echo "(server log and database in $work)"
