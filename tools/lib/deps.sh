# shellcheck shell=bash
# Shared by tools/run-tests and tools/run-server (sourced, not run): installs the Debian packages the
# build needs when some are missing, and configures and builds a CMake build directory.
#
# The caller sets MOBSDK_SCRIPT (its name, the prefix of every message) and MOBSDK_ROOT (the repo).

# Prints a progress message prefixed with the calling script's name.
mobsdk_say() {
    printf '%s: %s\n' "${MOBSDK_SCRIPT:-mobsdk}" "$*"
}

# Prints an error and exits.
mobsdk_die() {
    printf '%s: error: %s\n' "${MOBSDK_SCRIPT:-mobsdk}" "$*" >&2
    exit 1
}

# The Debian 12 packages every build needs (used by the scripts that source this file).
# shellcheck disable=SC2034
MOBSDK_BASE_PACKAGES=(build-essential cmake g++ pkg-config libboost-dev libboost-test-dev zlib1g-dev
                      nlohmann-json3-dev)

# Installs whichever of the given Debian packages are not installed; does nothing (and never touches
# the network) when all are. `nodejs` and `npm` are dropped from the list when working `node` and
# `npm` are already on the PATH, whatever installed them.
mobsdk_install_packages() {
    local wanted=() pkg
    for pkg in "$@"; do
        case "$pkg" in
            nodejs) node --version >/dev/null 2>&1 && continue ;;
            npm) npm --version >/dev/null 2>&1 && continue ;;
        esac
        wanted+=("$pkg")
    done
    ((${#wanted[@]})) || return 0

    if ! command -v dpkg-query >/dev/null 2>&1; then
        mobsdk_say "not a Debian system (no dpkg-query): make sure these are installed: ${wanted[*]}"
        return 0
    fi

    # One dpkg-query for all packages; unknown packages are simply absent from its output.
    local installed
    installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${wanted[@]}" 2>/dev/null || true)
    local missing=()
    for pkg in "${wanted[@]}"; do
        # Status-Abbrev is e.g. "ii ": its second letter is the current state, i = installed.
        awk -v p="$pkg" '$1 == p && substr($2, 2, 1) == "i" { found = 1 } END { exit !found }' \
            <<<"$installed" || missing+=("$pkg")
    done
    ((${#missing[@]})) || return 0

    local sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null 2>&1 ||
            mobsdk_die "missing Debian packages: ${missing[*]}; run as root or install them with apt-get"
        sudo=(sudo)
    fi
    mobsdk_say "installing missing Debian packages: ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
}

# Configures build directory $1 (relative to the repo) with the remaining arguments unless it is
# already configured, then builds it: everything, or only the targets in MOBSDK_BUILD_TARGETS
# (space-separated). CMake re-runs its configure step by itself when a CMakeLists.txt changes, so
# an existing build directory is never reconfigured here.
mobsdk_configure_and_build() {
    local dir=$1
    shift
    # Always (re)configure: it takes a second, and it picks up tools installed since the last run
    # (clang for the fuzzers, when run-server configured the build before run-tests installed it).
    if [[ -f "$dir/CMakeCache.txt" ]]; then
        mobsdk_say "refreshing the configuration of $dir/"
        cmake -S "$MOBSDK_ROOT" -B "$dir" "$@" >/dev/null
    else
        mobsdk_say "configuring $dir/ ($*)"
        cmake -S "$MOBSDK_ROOT" -B "$dir" "$@"
    fi
    if [[ -n ${MOBSDK_BUILD_TARGETS:-} ]]; then
        mobsdk_say "building $dir/ ($MOBSDK_BUILD_TARGETS)"
        # shellcheck disable=SC2086  # the targets are words
        cmake --build "$dir" -j"$(nproc)" --target $MOBSDK_BUILD_TARGETS
        return
    fi
    mobsdk_say "building $dir/"
    cmake --build "$dir" -j"$(nproc)"
}
