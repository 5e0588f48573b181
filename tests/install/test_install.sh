#!/usr/bin/env bash
# `cmake --install` gives a CMake package that an out-of-tree project finds with find_package(mobsdk).
set -euo pipefail
BUILD=${1:?usage: test_install.sh BUILD_DIR SOURCE_DIR}
SRC=${2:?}
FLAGS=${3:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cmake --install "$BUILD" --prefix "$WORK/prefix" >/dev/null
test -f "$WORK/prefix/lib/cmake/mobsdk/mobsdkConfig.cmake"
test -f "$WORK/prefix/include/mobsdk/nbt/tag.hpp"
test -f "$WORK/prefix/include/mobserver/world/harness.hpp"
cmake -S "$SRC/tests/install/consumer" -B "$WORK/build" -DCMAKE_PREFIX_PATH="$WORK/prefix" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="$FLAGS" >/dev/null
cmake --build "$WORK/build" >/dev/null
out=$("$WORK/build/consumer")
expected='minecraft:work {activity:"minecraft:work",pos:[I;1,2,3]}'
if [ "$out" != "$expected" ]; then
    echo "consumer printed: $out"; echo "expected:         $expected"; exit 1
fi
world=$("$WORK/build/consumer_world")
[ "$world" = "zombie at y=-60.0 on_ground=1" ] || { echo "consumer_world printed: $world"; exit 1; }
echo "installed package found and used: $out; $world"
