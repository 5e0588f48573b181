#!/usr/bin/env bash
# mobbench prints JSON Lines with the fields every suite shares. This checks the shape only: a
# benchmark is not a timed test, so no figure is compared with a target here.
set -eu
MOBBENCH=${1:?usage: test_mobbench_json.sh path/to/mobbench}
out=$("$MOBBENCH" nbt --seconds 0.02 --no-peer)
lines=$(printf '%s\n' "$out" | wc -l)
[ "$lines" -eq 6 ] || { echo "expected 6 lines (2 cases x decode/decode_tree/encode), got $lines:"; echo "$out"; exit 1; }
printf '%s\n' "$out" | python3 -c '
import json, sys
seen = set()
for line in sys.stdin:
    j = json.loads(line)
    for k in ("bench", "case", "impl", "metric", "value", "unit"):
        assert k in j, f"missing {k}: {line}"
    assert j["bench"] == "nbt" and j["impl"] == "mobsdk" and j["unit"] == "MiB/s", line
    assert isinstance(j["value"], (int, float)) and j["value"] > 0, line
    seen.add((j["case"], j["metric"]))
want = {(c, m) for c in ("player", "chunk") for m in ("decode", "decode_tree", "encode")}
assert seen == want, seen
print("mobbench nbt output has the expected shape")
'
brain=$("$MOBBENCH" brain --seconds 0.02 --brains 50)
printf '%s\n' "$brain" | python3 -c '
import json, sys
got = {}
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == "brain" and j["case"] == "b20s4" and j["impl"] == "mobsdk" and j["unit"] == "ns", line
    assert j["value"] > 0, line
    got[j["metric"]] = j["value"]
assert set(got) == {"ns_per_brain_tick", "ns_per_memory_expiry"}, got
print("mobbench brain output has the expected shape")
'
world=$("$MOBBENCH" world --seconds 0.02)
printf '%s\n' "$world" | python3 -c '
import json, sys
got = set()
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == "world" and j["impl"] == "mobsdk", line
    assert j["value"] >= 0, line
    got.add((j["case"], j["metric"]))
metrics = {m for _, m in got}
assert {"path_nodes_per_s", "failed_768_search_us", "box_query_ns"} <= metrics, metrics
for c in ("100", "1000", "10000"):
    assert (c, "box_query_ns") in got, (c, got)
print("mobbench world output has the expected shape")
'
bt=$("$MOBBENCH" bt --seconds 0.02)
printf '%s\n' "$bt" | python3 -c '
import json, sys
got = set()
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == "bt" and j["unit"] == "ns" and j["value"] > 0, line
    got.add((j["case"], j["impl"], j["metric"]))
for c in ("tree4", "tree100"):
    assert (c, "mobsdk", "ns_per_node_tick") in got, (c, got)
print("mobbench bt output has the expected shape")
'
village=$("$MOBBENCH" village 16 --warmup 5 --ticks 5)
printf '%s\n' "$village" | python3 -c '
import json, sys
got = {}
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == "village" and j["impl"] == "mobsdk" and j["value"] > 0, line
    got[(j["case"], j["metric"])] = j["unit"]
want = {("16", "us_per_villager_tick_p50"): "us", ("16", "us_per_villager_tick_p99"): "us",
        ("16", "ms_per_tick_p50"): "ms", ("", "villagers_in_50ms"): "villagers"}
assert got == want, got
print("mobbench village output has the expected shape")
'
"$MOBBENCH" village abc >/dev/null 2>&1 && { echo "a bad villager count should fail"; exit 1; }
"$MOBBENCH" village 10 --ticks >/dev/null 2>&1 && { echo "--ticks without a number should fail"; exit 1; }
"$MOBBENCH" world --bogus >/dev/null 2>&1 && { echo "unknown world argument should fail"; exit 1; }
"$MOBBENCH" brain --case nope >/dev/null 2>&1 && { echo "unknown brain case should fail"; exit 1; }
"$MOBBENCH" nope >/dev/null 2>&1 && { echo "unknown suite should fail"; exit 1; }
"$MOBBENCH" --list | grep -q '^  nbt ' || { echo "--list does not name the nbt suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  brain ' || { echo "--list does not name the brain suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  world ' || { echo "--list does not name the world suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  village ' || { echo "--list does not name the village suite"; exit 1; }
echo ok
