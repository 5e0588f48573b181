#!/usr/bin/env bash
# tools/plugin-template builds from a clean folder against the installed SDK with the README's two
# commands, and the real mobserver loads the result.
set -euo pipefail
BUILD=${1:?usage: test_plugin_template.sh BUILD_DIR SOURCE_DIR MOBSERVER [CXX_FLAGS]}
SRC=${2:?}
SERVER=${3:?}
FLAGS=${4:-}
WORK=$(mktemp -d)
pid=""
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
cmake --install "$BUILD" --prefix "$WORK/prefix" >/dev/null
cp -r "$SRC/tools/plugin-template" "$WORK/my-plugin"
cd "$WORK/my-plugin"
# The README's two commands (plus the sanitizer flags of a sanitized SDK, which need the same).
cmake -S . -B build -DCMAKE_PREFIX_PATH="$WORK/prefix" -DCMAKE_CXX_FLAGS="$FLAGS" >/dev/null
cmake --build build >/dev/null
test -f build/my_plugin.so

# A server of its own: free port, no RCON, commands on a FIFO.
mkdir -p "$WORK/server"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'server-ip=127.0.0.1\nserver-port=%s\n' "$port" > "$WORK/server/server.properties"
mkfifo "$WORK/console"
"$SERVER" --dir "$WORK/server" --plugins "$WORK/my-plugin/build" < "$WORK/console" > "$WORK/server.log" 2>&1 &
pid=$!
exec 3> "$WORK/console"
wait_for() {  # a line matching $1 within 60 s
    for _ in $(seq 600); do
        grep -q -- "$1" "$WORK/server.log" && return 0
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "not logged: $1"; cat "$WORK/server.log"; return 1
}
wait_for 'Done ('
wait_for "Loaded plugin my_plugin 0.1.0 (My plugin) from $WORK/my-plugin/build/my_plugin.so"
echo 'summon my_plugin:pebble 0.5 -60 0.5' >&3
wait_for 'Summoned new '
echo 'stop' >&3
exec 3>&-
wait "$pid"
status=$?
pid=""
[ "$status" -eq 0 ] || { echo "mobserver exited with $status"; cat "$WORK/server.log"; exit 1; }
if grep -q 'Refused plugin' "$WORK/server.log"; then cat "$WORK/server.log"; exit 1; fi
echo "template plugin built out of tree and loaded: $(grep -o 'Loaded plugin my_plugin[^)]*)' "$WORK/server.log")"
