#!/bin/sh
# Compile-time checks of the brain API: each .cpp here must compile with
# -DMOBSDK_COMPILE_FAIL_CONTROL (so the failure is not an unrelated error) and must fail without it,
# with the diagnostic named on its "// expect:" line.
# Usage: check.sh [compiler] [sdk include dir]
set -u
here=$(cd "$(dirname "$0")" && pwd)
cxx=${1:-${CXX:-g++}}
include=${2:-$here/../../../sdk/include}
status=0
for src in "$here"/*.cpp; do
    name=$(basename "$src")
    expect=$(sed -n 's|^// expect: ||p' "$src" | head -n 1)
    if [ -z "$expect" ]; then
        echo "FAIL $name: no '// expect:' line"; status=1; continue
    fi
    if ! out=$("$cxx" -std=c++20 -fsyntax-only -I"$include" -DMOBSDK_COMPILE_FAIL_CONTROL "$src" 2>&1); then
        echo "FAIL $name: the control version does not compile:"; echo "$out"; status=1; continue
    fi
    if out=$("$cxx" -std=c++20 -fsyntax-only -I"$include" "$src" 2>&1); then
        echo "FAIL $name: compiled, but must not"; status=1; continue
    fi
    if printf '%s\n' "$out" | grep -qF -- "$expect"; then
        echo "ok   $name"
    else
        echo "FAIL $name: failed without the expected message '$expect':"; printf '%s\n' "$out" | head -n 30
        status=1
    fi
done
exit $status
