#!/bin/sh
# Run a command with a real Secret Service (gnome-keyring) on a private D-Bus session, so keychain code is
# tested against the real thing. Falls back to running the command as is when the tools are missing, and
# says so (the keychain tests then report the keychain as unavailable, which they also cover).
set -eu
if [ -n "${LOUPE_KEYRING_READY:-}" ]; then exec "$@"; fi
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon missing; running without a Secret Service" >&2
  exec "$@"
fi
# gnome-keyring needs a writable HOME for its keyring files; a temporary one is removed afterwards.
if [ -n "${LOUPE_TEST_HOME:-}" ]; then
  home="$LOUPE_TEST_HOME"
  cleanup=""
else
  home="$(mktemp -d /tmp/loupe-home.XXXXXX)"
  cleanup="$home"
fi
status=0
HOME="$home" LOUPE_KEYRING_READY=1 dbus-run-session -- \
  sh -c 'echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@" || status=$?
[ -z "$cleanup" ] || rm -rf "$cleanup"
exit "$status"
