# Shared helpers for the attack, crash and concurrency scripts. Source it:
#   . "$(dirname "$0")/lib.sh"
# It sets ROOT (the package), BIN (bridgectl, built if missing) and WORK (a
# scratch directory removed on exit), and needs python3 for JSON checks.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PASSCODE=2468
FAILURES=0

sb_die() {
    echo "$(basename "$0"): $*" >&2
    exit 2
}

# Prints one failure (at most the first 20) and counts it.
sb_fail() {
    FAILURES=$((FAILURES + 1))
    if [ "$FAILURES" -le 20 ]; then echo "FAIL: $*" >&2; fi
}

command -v python3 >/dev/null 2>&1 || sb_die "python3 is needed to check JSON output"

BIN="$ROOT/.build/debug/bridgectl"
if [ ! -x "$BIN" ]; then
    echo "building bridgectl ..." >&2
    (cd "$ROOT" && swift build --product bridgectl >&2)
fi
[ -x "$BIN" ] || sb_die "no bridgectl at $BIN"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/securebridge-$(basename "$0")-XXXXXX")
sb_cleanup() {
    local code=$?
    # Stop any background job this script started (readers, publishers), by pid.
    local job
    for job in $(jobs -p); do kill "$job" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
    exit "$code"
}
trap sb_cleanup EXIT

# sb_login HOME [SESSION_TTL]: onboards alice in HOME with the test passcode.
sb_login() {
    printf '%s\n' "$PASSCODE" | "$BIN" login --home "$1" --user alice --passcode-stdin --session-ttl "${2:-7d}" >/dev/null
}

# sb_now_micros: a monotonic-enough clock in microseconds.
sb_now_micros() {
    local now
    now=$(date +%s%N)
    echo $((now / 1000))
}

# sb_temporary_files HOME: the temporary files (.NAME.tmp-*) left in the three places.
sb_temporary_files() {
    local place
    for place in app keychain container; do
        if [ -d "$1/$place" ]; then
            (cd "$1/$place" && ls -A) | grep -E '^\..*\.tmp-' | sed "s|^|$place/|" || true
        fi
    done
}

# sb_snapshot_sequence HOME: the sequence in the container's snapshot header (inspect never verifies).
sb_snapshot_sequence() {
    "$BIN" inspect --home "$1" 2>/dev/null | sed -n 's/^sequence: //p'
}

# sb_reserved_sequence HOME: the last snapshot sequence the app reserved (app/state.json).
sb_reserved_sequence() {
    sed -n 's/.*"snapshotSequence" : \([0-9]*\).*/\1/p' "$1/app/state.json"
}

# sb_mark_sequence HOME: the snapshot high-water mark in keychain/marks (bytes 21-28, big-endian).
sb_mark_sequence() {
    local value=0 byte
    for byte in $(od -An -tu1 -j21 -N8 "$1/keychain/marks"); do value=$((value * 256 + byte)); done
    echo "$value"
}

# sb_random_between LOW HIGH: a random integer in [LOW, HIGH] from bash's RANDOM (seed it with RANDOM=n).
sb_random_between() {
    local span=$(($2 - $1 + 1))
    echo $(($1 + ((RANDOM << 15 | RANDOM) % span)))
}

# sb_seconds MICROS: microseconds as a decimal number of seconds, for sleep.
sb_seconds() {
    printf '%d.%06d' $(($1 / 1000000)) $(($1 % 1000000))
}
