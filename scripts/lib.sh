# Shared helpers for the attack, crash and concurrency scripts. Source it:
#   . "$(dirname "$0")/lib.sh"
# It sets ROOT (the package), BIN (bridgectl, built if missing; $BRIDGECTL
# names another build), READER (the bridgectl that reads: $READER_BRIDGECTL,
# else BIN, so scripts/cross-backend can read one backend's home with the
# other) and WORK (a scratch directory removed on exit), and needs python3 for
# JSON checks.

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

BIN="${BRIDGECTL:-$ROOT/.build/debug/bridgectl}"
if [ ! -x "$BIN" ] && [ -z "${BRIDGECTL:-}" ]; then
    echo "building bridgectl ..." >&2
    (cd "$ROOT" && swift build --product bridgectl >&2)
fi
[ -x "$BIN" ] || sb_die "no bridgectl at $BIN"
READER="${READER_BRIDGECTL:-$BIN}"
[ -x "$READER" ] || sb_die "no bridgectl at $READER"

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

# The keychain store homes are made with: $SB_KEYCHAIN, else files
# (scripts/with-secret-service sets secret-service).
KEYCHAIN="${SB_KEYCHAIN:-files}"

# sb_login HOME [SESSION_TTL]: onboards alice in HOME with the test passcode.
sb_login() {
    printf '%s\n' "$PASSCODE" | "$BIN" login --home "$1" --user alice --passcode-stdin --session-ttl "${2:-7d}" \
        --keychain "$KEYCHAIN" >/dev/null
    if [ "$KEYCHAIN" != files ]; then
        grep -q "^$KEYCHAIN " "$1/keychain/store" || sb_die "the keychain of $1 is not in $KEYCHAIN"
    fi
}

# sb_micros VAR: the wall clock in microseconds, into VAR ($EPOCHREALTIME:
# no process started, no subshell, so timing a process costs nothing extra).
sb_micros() {
    printf -v "$1" '%s' "${EPOCHREALTIME/[.,]/}"
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

# sb_used_sequence HOME: the last snapshot sequence publish used: app/publish-cursor's
# (written before each snapshot), or without one the highest reserved (app/state.json).
sb_used_sequence() {
    local used
    used=$(sed -n 's/.*"sequence":\([0-9]*\).*/\1/p' "$1/app/publish-cursor" 2>/dev/null)
    [ -n "$used" ] || used=$(sed -n 's/.*"snapshotSequence" : \([0-9]*\).*/\1/p' "$1/app/state.json")
    echo "$used"
}

# sb_number FILE OFFSET: the big-endian u64 at OFFSET of FILE.
sb_number() {
    local value=0 byte
    for byte in $(od -An -tu1 -j"$2" -N8 "$1"); do value=$((value * 256 + byte)); done
    echo "$value"
}

# sb_mark_sequence HOME: the snapshot high-water mark in keychain/marks (or its Secret Service item): format v2
# (docs/FORMAT.md), the intact slot with the higher generation; format v1, bytes 21-28.
sb_mark_sequence() {
    local marks best=-1 value=0 offset generation
    # One read of the whole file (cat reads it in one call), parsed at leisure:
    # writers rewrite the slots in place while this runs.
    marks=$(mktemp "${TMPDIR:-/tmp}/marks.XXXXXX")
    if [ "$KEYCHAIN" = files ]; then
        cat "$1/keychain/marks" >"$marks"
    else
        secret-tool lookup application securebridge keychain "$(cut -d' ' -f2 "$1/keychain/store")" item marks >"$marks"
    fi
    if [ "$(wc -c <"$marks")" -eq 37 ]; then
        sb_number "$marks" 21
        rm -f "$marks"
        return
    fi
    for offset in 0 4096; do
        [ "$(od -An -c -j"$offset" -N5 "$marks" | tr -d ' ')" = 'SBHW002' ] || continue
        # Intact: the first 8 bytes of the slot's SHA-256 check match.
        [ "$(dd if="$marks" bs=1 skip="$offset" count=45 2>/dev/null | sha256sum | cut -c1-16)" \
            = "$(od -An -tx1 -j$((offset + 45)) -N8 "$marks" | tr -d ' \n')" ] || continue
        generation=$(sb_number "$marks" $((offset + 5)))
        if [ "$generation" -gt "$best" ]; then
            best=$generation
            value=$(sb_number "$marks" $((offset + 29)))
        fi
    done
    rm -f "$marks"
    echo "$value"
}

# sb_random_between VAR LOW HIGH: a random integer in [LOW, HIGH] into VAR,
# from bash's RANDOM in this shell (seed it with RANDOM=n; a subshell would
# draw from a copy and leave the sequence where it was).
sb_random_between() {
    printf -v "$1" '%d' $(($2 + ((RANDOM << 15 | RANDOM) % ($3 - $2 + 1))))
}

# sb_pause MICROS: waits about MICROS microseconds without starting a process
# (a `sleep` process takes a millisecond to start, as long as a publish's
# durable steps): `read -t` on a FIFO this shell holds open at both ends,
# which never delivers a byte.
sb_pause() {
    if [ -z "${SB_PAUSE_FD:-}" ]; then
        mkfifo "$WORK/pause"
        exec {SB_PAUSE_FD}<>"$WORK/pause"
    fi
    local seconds
    printf -v seconds '%d.%06d' $(($1 / 1000000)) $(($1 % 1000000))
    read -r -t "$seconds" -u "$SB_PAUSE_FD" || true
}
