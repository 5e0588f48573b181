#!/usr/bin/env bash
# Drives build/bin/nbt as a user would: conversions, printing with paths, compression choice, and
# the one-line errors with a non-zero exit.
set -u
NBT=${1:?usage: test_nbt_cli.sh path/to/nbt}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0

check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then
        echo "FAIL $1"; echo "  expected: $2"; echo "  actual:   $3"; failures=$((failures + 1))
    else
        echo "ok   $1"
    fi
}

first_bytes() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }

cat > "$WORK/villager.snbt" <<'SNBT'
{
  id: "minecraft:villager",
  Health: 20.0f,
  Brain: {memories: {"minecraft:home": {value: {dimension: "minecraft:overworld", pos: [I; 12, 64, -30]}},
                     "minecraft:golem_detected_recently": {value: 1b, ttl: 599L}}},
  Tags: ["villageé", "日本"],
  UUID: [I; 1, 2, 3, 4]
}
SNBT

# from-snbt with each compression, and the magic bytes each one starts with.
"$NBT" from-snbt "$WORK/villager.snbt" "$WORK/v.dat"; check "from-snbt exit" 0 $?
check "default is gzip" 1f8b "$(first_bytes "$WORK/v.dat" 2)"
"$NBT" from-snbt "$WORK/villager.snbt" "$WORK/v.zlib" --zlib
check "--zlib" 78 "$(first_bytes "$WORK/v.zlib" 1)"
"$NBT" from-snbt "$WORK/villager.snbt" "$WORK/v.raw" --none
check "--none starts with TAG_Compound and an empty name" 0a0000 "$(first_bytes "$WORK/v.raw" 3)"

# All three read back to the same one-line SNBT.
expected='{id:"minecraft:villager",Health:20.0f,Brain:{memories:{"minecraft:home":{value:{dimension:"minecraft:overworld",pos:[I;12,64,-30]}},"minecraft:golem_detected_recently":{value:1b,ttl:599L}}},Tags:["villageé","日本"],UUID:[I;1,2,3,4]}'
for f in v.dat v.zlib v.raw; do
    check "to-snbt $f" "$expected" "$("$NBT" to-snbt "$WORK/$f")"
done

# print with a path, as `data get` takes it.
check "print path pos[0]" 12 "$("$NBT" print "$WORK/v.dat" 'Brain.memories."minecraft:home".value.pos[0]')"
check "print path pos[-1]" -30 "$("$NBT" print "$WORK/v.dat" 'Brain.memories."minecraft:home".value.pos[-1]')"
check "print path unquoted key with colon" 599L \
    "$("$NBT" print "$WORK/v.dat" 'Brain.memories.minecraft:golem_detected_recently.ttl')"
check "print path string" '"日本"' "$("$NBT" print "$WORK/v.dat" 'Tags[1]')"
check "print --compact" '{dimension:"minecraft:overworld",pos:[I;12,64,-30]}' \
    "$("$NBT" print "$WORK/v.dat" 'Brain.memories."minecraft:home".value' --compact)"

# The pretty form re-parses to the same tree.
"$NBT" print "$WORK/v.dat" > "$WORK/pretty.snbt"
"$NBT" from-snbt "$WORK/pretty.snbt" "$WORK/v2.dat"
check "pretty print round trip" "$expected" "$("$NBT" to-snbt "$WORK/v2.dat")"

# Errors: one line on stderr naming the file, the place and the problem; non-zero exit.
head -c 20 "$WORK/v.raw" > "$WORK/truncated.nbt"
err=$("$NBT" print "$WORK/truncated.nbt" 2>&1 >/dev/null); status=$?
check "truncated exit" 1 "$status"
check "truncated one line" 1 "$(printf '%s\n' "$err" | wc -l)"
case "$err" in *truncated.nbt*"at byte "*) check "truncated names file and offset" yes yes ;;
    *) check "truncated names file and offset" "nbt: …truncated.nbt: at byte N: …" "$err" ;; esac

printf '{a:1,b:}' > "$WORK/bad.snbt"
err=$("$NBT" from-snbt "$WORK/bad.snbt" "$WORK/never.dat" 2>&1); status=$?
check "bad snbt exit" 1 "$status"
case "$err" in *bad.snbt*"line 1, column 8"*) check "bad snbt names line and column" yes yes ;;
    *) check "bad snbt names line and column" "…bad.snbt: line 1, column 8: …" "$err" ;; esac
check "bad snbt writes nothing" no "$([ -e "$WORK/never.dat" ] && echo yes || echo no)"

err=$("$NBT" print "$WORK/missing.nbt" 2>&1); status=$?
check "missing file exit" 1 "$status"
case "$err" in *missing.nbt*) check "missing file named" yes yes ;; *) check "missing file named" yes "$err" ;; esac

err=$("$NBT" print "$WORK/v.dat" 'Brain.nothing' 2>&1); status=$?
check "no match exit" 1 "$status"
case "$err" in *"Found no elements matching Brain.nothing"*) check "no match message" yes yes ;;
    *) check "no match message" yes "$err" ;; esac

"$NBT" frobnicate >/dev/null 2>&1; check "unknown command exit" 2 $?
"$NBT" >/dev/null 2>&1; check "no command exit" 2 $?

if [ "$failures" -ne 0 ]; then echo "$failures check(s) failed"; exit 1; fi
echo "all checks passed"
