#!/bin/sh
# npm test: the static checks, then the unit tests, then the end-to-end tests (each only if the one before
# passed), then one summary over both runners, with when each part ended. The static checks are not run beside
# the tests: tried at nice 19, they slowed the unit run by a minute and two e2e runs in a row each lost a test
# to a timeout, for about two minutes saved; the tests keep both of CI's cores busy most of the time.
began=$(date +%s)
since() { echo "$(( $(date +%s) - began )) s"; }
ended=""
step() {
  name=$1
  shift
  "$@"
  status=$?
  ended="$ended${ended:+, }$name at $(since)"
  return "$status"
}
# The static checks also build the app (on the core the typecheck and Prettier leave free while ESLint ends), so
# the unit and end-to-end tests run on that one build.
step static sh scripts/static-checks.sh --build && step unit npm run test:unit:built && step e2e npm run test:e2e:built
tests=$?
echo "── ended: $ended ──"
[ "$tests" -eq 0 ] && node scripts/test-summary.mjs
