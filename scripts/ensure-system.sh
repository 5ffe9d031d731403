#!/usr/bin/env bash
# Installs the Debian packages Palabre needs, only those that are missing. Safe to run repeatedly.
#
#   scripts/ensure-system.sh start   what the server needs at run time (ffmpeg, PocketSphinx,
#                                    LibreOffice Writer for OpenDocument exports)
#   scripts/ensure-system.sh test    the above plus what the test suite needs (Chromium, PostgreSQL,
#                                    fonts for screenshots, PocketSphinx with its English model,
#                                    yt-dlp for URL imports of pages, Apertium's English and French)
#
# PALABRE_SKIP_SYSTEM_PACKAGES=1 skips the whole check (for machines set up another way).
set -euo pipefail

set_name="${1:-start}"
case "$set_name" in
  start | test) ;;
  *) echo "usage: $0 [start|test]" >&2; exit 2 ;;
esac

if [ "${PALABRE_SKIP_SYSTEM_PACKAGES:-}" = 1 ]; then
  exit 0
fi

installed() { # installed <debian package>
  command -v dpkg-query >/dev/null 2>&1 &&
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}
has_command() { command -v "$1" >/dev/null 2>&1; }
has_postgres_server() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }

missing=()
want() { # want <debian package> <check…>: the package is wanted unless the check passes
  local package="$1"
  shift
  "$@" || installed "$package" || missing+=("$package")
}

# ffmpeg also provides ffprobe; the media pipeline uses both. PocketSphinx is the built-in offline
# engine, so a fresh machine transcribes English without internet.
want ffmpeg eval 'has_command ffmpeg && has_command ffprobe'
want pocketsphinx eval 'has_command pocketsphinx_continuous || has_command pocketsphinx'
want pocketsphinx-en-us test -d /usr/share/pocketsphinx/model/en-us
# The engine calls PocketSphinx's library (the CLI above is its fallback).
want libpocketsphinx3 eval 'ldconfig -p 2>/dev/null | grep -q libpocketsphinx.so.3'
# Transcript exports as OpenDocument convert the Word export with LibreOffice (headless, no GUI).
want libreoffice-writer-nogui eval 'has_command soffice'
# Subtitles burned into videos are drawn in DejaVu Sans (docs/burn.md).
want fonts-dejavu-core test -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
if [ "$set_name" = test ]; then
  want chromium test -x /usr/bin/chromium
  want postgresql has_postgres_server
  want espeak-ng has_command espeak-ng
  want sox has_command sox
  want yt-dlp has_command yt-dlp
  # pdftotext reads the PDF exports back in tests.
  want poppler-utils has_command pdftotext
  # LibriVox clips with reference transcripts for `palabre bench media wer`.
  want pocketsphinx-testdata test -f /usr/share/pocketsphinx/test/data/librivox/transcription
  # Offline translation: Apertium, English <-> French through Spanish (no direct pair in Debian).
  want apertium has_command lt-proc
  want apertium-eng-spa test -f /usr/share/apertium/modes/eng-spa.mode
  want apertium-fr-es test -f /usr/share/apertium/modes/fr-es.mode
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif has_command sudo; then
  as_root=(sudo)
else
  echo "palabre: these system packages are missing: ${missing[*]}" >&2
  echo "palabre: install them as root, then run this command again:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
if ! has_command apt-get; then
  echo "palabre: these system packages are missing: ${missing[*]}" >&2
  echo "palabre: apt-get is not available here; install their equivalents with your package manager." >&2
  exit 1
fi

postgres_was_present=0
has_postgres_server && postgres_was_present=1

echo "palabre: installing system packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt or dpkg run to finish instead of failing at once.
apt_options=(-o DPkg::Lock::Timeout=600 -q)
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_options[@]}" update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_options[@]}" install -y --no-install-recommends "${missing[@]}"

# Debian's postgresql package creates and may start a "main" cluster; the tests start their own
# throwaway cluster, so a cluster we just caused to run would only hold memory.
if [ "$postgres_was_present" = 0 ] && has_command pg_lsclusters; then
  pg_lsclusters --no-header 2>/dev/null | while read -r version cluster _port status _rest; do
    if [ "$status" = online ]; then
      "${as_root[@]}" pg_ctlcluster "$version" "$cluster" stop >/dev/null 2>&1 || true
    fi
  done
fi
echo "palabre: system packages installed" >&2
