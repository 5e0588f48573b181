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
# Checks that stdin holds exactly the figures in WANT (a Python dict of (case, metric) -> unit), all
# positive, from suite BENCH and implementation IMPL.
expect_exactly() {
    python3 -c '
import json, sys
bench, impl, want = sys.argv[1], sys.argv[2], eval(sys.argv[3])
got = {}
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == bench and j["impl"] == impl and j["value"] > 0, line
    got[(j["case"], j["metric"])] = j["unit"]
assert got == want, got
print(f"mobbench {bench} output has the expected shape")
' "$@"
}
"$MOBBENCH" village 16 --warmup 5 --rounds 2 --ticks 5 | expect_exactly village mobsdk '{
    ("16", "us_per_villager_tick_p50"): "us", ("16", "us_per_villager_tick_p99"): "us",
    ("16", "ms_per_tick_p50"): "ms", ("16", "us_per_villager_tick_p50_median_round"): "us",
    ("16", "us_per_villager_tick_p50_slowest_round"): "us", ("", "villagers_in_50ms"): "villagers"}'
"$MOBBENCH" machine --rounds 1 | expect_exactly machine host '{("", "clock_ghz"): "GHz",
    **{(c, "load_latency_ns"): "ns" for c in ("32KiB", "1MiB", "4MiB", "32MiB", "256MiB")}}'
"$MOBBENCH" chunk --seconds 0.02 | expect_exactly chunk mobsdk '{("vanilla_1.19.4", "inflate_nbt_chunks_per_s"): "chunks/s",
    ("vanilla_1.19.4_full", "inflate_nbt_chunks_per_s"): "chunks/s", ("vanilla_1.19.4_full", "chunks_per_s"): "chunks/s"}'
"$MOBBENCH" chunk --region /nonexistent.mca >/dev/null 2>&1 && { echo "a missing region file should fail"; exit 1; }
"$MOBBENCH" chunk-packets --seconds 0.02 | expect_exactly chunk-packets mobsdk '{
    ("vanilla_1.19.4_full", "encode_chunks_per_s"): "chunks/s", ("vanilla_1.19.4_full", "encode_compress_chunks_per_s"): "chunks/s"}'
"$MOBBENCH" tracking --villagers 16 --players 2 --warmup 5 --ticks 5 --rounds 1 | python3 -c '
import json, sys
got = {}
for line in sys.stdin:
    j = json.loads(line)
    assert j["bench"] == "tracking" and j["impl"] == "mobsdk" and j["case"] == "16 villagers, 2 players", line
    assert j["value"] >= 0, line
    got[j["metric"]] = (j["unit"], j["value"])
assert {m: u for m, (u, _) in got.items()} == {"us_per_player_tick_p50": "us", "us_per_tick_p50": "us",
    "entities_shown": "entities", "bytes_per_player_tick": "bytes"}, got
assert got["entities_shown"][1] == 16, got
print("mobbench tracking output has the expected shape")
'
"$MOBBENCH" tracking --players 0 >/dev/null 2>&1 && { echo "--players 0 should fail"; exit 1; }
"$MOBBENCH" village abc >/dev/null 2>&1 && { echo "a bad villager count should fail"; exit 1; }
"$MOBBENCH" village 10 --ticks >/dev/null 2>&1 && { echo "--ticks without a number should fail"; exit 1; }
"$MOBBENCH" village 10 --rounds 0 >/dev/null 2>&1 && { echo "--rounds 0 should fail"; exit 1; }
"$MOBBENCH" machine --rounds >/dev/null 2>&1 && { echo "--rounds without a number should fail"; exit 1; }
"$MOBBENCH" world --bogus >/dev/null 2>&1 && { echo "unknown world argument should fail"; exit 1; }
"$MOBBENCH" brain --case nope >/dev/null 2>&1 && { echo "unknown brain case should fail"; exit 1; }
"$MOBBENCH" nope >/dev/null 2>&1 && { echo "unknown suite should fail"; exit 1; }
"$MOBBENCH" --list | grep -q '^  nbt ' || { echo "--list does not name the nbt suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  brain ' || { echo "--list does not name the brain suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  world ' || { echo "--list does not name the world suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  village ' || { echo "--list does not name the village suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  chunk ' || { echo "--list does not name the chunk suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  machine ' || { echo "--list does not name the machine suite"; exit 1; }
"$MOBBENCH" --list | grep -q '^  tracking ' || { echo "--list does not name the tracking suite"; exit 1; }
echo ok
