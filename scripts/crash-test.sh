#!/usr/bin/env bash
# Crash test: play many matches with `fray-load --check-durability` while the
# server is killed (SIGKILL) at random moments and restarted on the same
# database; then check that no acknowledged action was lost and that every
# match replays exactly from its seed (`fray-server verify`).
#
#   scripts/crash-test.sh                      # 300 matches, 75 s, 6 kills
#   MATCHES=100 DURATION=60 KILLS=5 scripts/crash-test.sh
#
# Settings (environment): MATCHES (300), DURATION (seconds of play, 75),
# KILLS (6, at least 5 is the aim), SYSTEM (fantasy-armies; or sc, cc, mix),
# KEEP=1 keeps the work directory, NO_BUILD=1 skips the release build,
# BIN=DIR runs the binaries in DIR (to compare two builds).
# Exits 0 only if the durability check and every verify pass.
# Not run by CI: it takes two to four minutes.
set -euo pipefail

MATCHES=${MATCHES:-300}
DURATION=${DURATION:-75}
KILLS=${KILLS:-6}
SYSTEM=${SYSTEM:-fantasy-armies}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
if [[ -z "${NO_BUILD:-}" && -z "${BIN:-}" ]]; then
    echo "== building release binaries"
    cargo build --release -p fray-server -p fray-load
fi
bin=${BIN:-$root/target/release}
server_bin="$bin/fray-server"
load_bin="$bin/fray-load"

work=$(mktemp -d "${TMPDIR:-/tmp}/fray-crash-test.XXXXXX")
database="sqlite://$work/fray.db"
acks="$work/acks.jsonl"
server_pid=""
load_pid=""

cleanup() {
    if [[ -n "$load_pid" ]] && kill -0 "$load_pid" 2>/dev/null; then
        kill "$load_pid" 2>/dev/null || true
    fi
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    if [[ -z "${KEEP:-}" ]]; then
        rm -rf "$work"
    else
        echo "work directory kept: $work"
    fi
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"

# Starts the server and waits until it answers (up_ms), then until it has
# resumed every unfinished match (back_ms; it serves meanwhile, and a match
# asked for is rebuilt at once).
start_server() {
    local started_ns
    started_ns=$(date +%s%N)
    # Every bot registers from 127.0.0.1: the limits per address are off.
    "$server_bin" serve --bind "127.0.0.1:$port" --database "$database" \
        --players-per-minute 0 --lobby-writes-per-minute 0 \
        --max-connections-per-address 0 >>"$work/server.log" 2>&1 &
    server_pid=$!
    local deadline=$((SECONDS + 60)) health=""
    until health=$(curl -fsS "$base/healthz" 2>/dev/null); do
        if ((SECONDS > deadline)); then
            echo "the server did not become healthy; its log:" >&2
            tail -n 30 "$work/server.log" >&2
            exit 1
        fi
        if ! kill -0 "$server_pid" 2>/dev/null; then
            echo "the server exited at start; its log:" >&2
            tail -n 30 "$work/server.log" >&2
            exit 1
        fi
        sleep 0.05
    done
    up_ms=$((($(date +%s%N) - started_ns) / 1000000))
    until [[ "$health" == *'"status":"ok"'* ]]; do
        if ((SECONDS > deadline)); then
            echo "the server did not resume its matches in time: $health" >&2
            exit 1
        fi
        sleep 0.05
        health=$(curl -fsS "$base/healthz" 2>/dev/null || true)
    done
    back_ms=$((($(date +%s%N) - started_ns) / 1000000))
    resumed=$(grep -o 'unfinished matches resumed resumed=[0-9]*' "$work/server.log" | tail -n 1 | grep -o '[0-9]*$')
}

echo "== server on $base, database $work/fray.db"
start_server

echo "== fray load: $MATCHES matches of $SYSTEM for ${DURATION}s, acks logged to $acks"
FRAY_CONFIG="$work/config.json" "$load_bin" --server "$base" \
    --matches "$MATCHES" --duration "${DURATION}s" --system "$SYSTEM" \
    --check-durability "$acks" >"$work/load.out" 2>"$work/load.err" &
load_pid=$!

# Kill only once acks flow, then at random moments spread over the play.
until [[ -s "$acks" ]] && grep -q '"kind":"ack"' "$acks"; do
    if ! kill -0 "$load_pid" 2>/dev/null; then
        echo "fray load ended before any ack:" >&2
        tail -n 30 "$work/load.err" >&2
        exit 1
    fi
    sleep 0.2
done
play_started=$SECONDS
span=$((DURATION * 1000 / (KILLS + 1)))
kills=0
for ((k = 1; k <= KILLS; k++)); do
    # Somewhere in the k-th of KILLS+1 equal parts of the play, after the
    # part's first fifth (the server has been up a moment).
    target=$(((k - 1) * span + span / 5 + RANDOM * 1000 % (span * 4 / 5 + 1)))
    now=$(((SECONDS - play_started) * 1000))
    if ((target > now)); then
        sleep "$(printf '%d.%03d' $(((target - now) / 1000)) $(((target - now) % 1000)))"
    fi
    kill -KILL "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    kills=$((kills + 1))
    acked=$(grep -c '"kind":"ack"' "$acks" || true)
    echo "   kill $kills at $((SECONDS - play_started)) s of play ($acked acks logged so far); restarting"
    start_server
    echo "      answering again after $up_ms ms; all $resumed unfinished matches resumed after $back_ms ms"
    slowest_up_ms=$((up_ms > ${slowest_up_ms:-0} ? up_ms : ${slowest_up_ms:-0}))
    slowest_back_ms=$((back_ms > ${slowest_back_ms:-0} ? back_ms : ${slowest_back_ms:-0}))
done

echo "== waiting for fray load's verdict (the running matches play to their end)"
load_status=0
wait "$load_pid" || load_status=$?
load_pid=""
cat "$work/load.out"
if ((load_status != 0)); then
    echo "fray load exited with $load_status; its last messages:" >&2
    tail -n 20 "$work/load.err" >&2
fi

echo "== fray-server verify, every match of the run"
# The server is stopped first so that verify reads a quiet database.
kill -TERM "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
mapfile -t matches < <(grep -o '"kind":"match","match_id":[0-9]*' "$acks" | grep -o '[0-9]*$' | sort -n -u)
verified=0
failed=0
for id in "${matches[@]}"; do
    if "$server_bin" verify "$id" --database "$database" >"$work/verify-$id.txt" 2>&1; then
        verified=$((verified + 1))
    else
        failed=$((failed + 1))
        echo "   match $id does not verify:" >&2
        head -n 3 "$work/verify-$id.txt" >&2
    fi
done

acks_checked=$(grep -c '"kind":"ack"' "$acks" || true)
echo
echo "crash test summary"
echo "  kills            $kills (SIGKILL, restarted on the same database)"
echo "  slowest restart  ${slowest_up_ms:-0} ms to answer again, ${slowest_back_ms:-0} ms until every unfinished match was rebuilt"
echo "  acks checked     $acks_checked ($(grep -o 'durability [A-Z]*' "$work/load.out" | head -n 1 || echo 'no verdict'))"
echo "  matches verified $verified of ${#matches[@]} ($failed failed)"
if ((load_status != 0 || failed != 0 || ${#matches[@]} == 0 || kills < 5)); then
    echo "  result           FAILED"
    KEEP=1
    exit 1
fi
echo "  result           PASSED"
