#!/bin/sh
# npm test. The static checks (ESLint with types, the typecheck, Prettier: about 7 minutes of CPU) run beside the
# tests at the lowest priority (nice 19), where they used to run first for 4 minutes of CI's 25: the end-to-end
# run leaves about one of CI's two cores idle (most of a spec's time is waiting on the simulator's clock), and
# nice keeps the checks from taking CPU a timed test wants. Their output is kept in reports/static-checks.log
# and printed when they end, so it never interleaves with the runners'. Any failing part fails npm test.
mkdir -p reports
nice -n 19 sh scripts/static-checks.sh > reports/static-checks.log 2>&1 &
static=$!

npm run test:unit && npm run test:e2e:built
tests=$?

wait "$static"
static_status=$?
echo "── static checks (lint, typecheck, format) ──"
if [ "$static_status" -eq 0 ]; then
  echo "static checks: passed (their output is in reports/static-checks.log)"
else
  cat reports/static-checks.log
  echo "static checks: FAILED (the log above, also in reports/static-checks.log)"
fi

[ "$tests" -eq 0 ] && node scripts/test-summary.mjs
summary=$?
[ "$tests" -eq 0 ] && [ "$summary" -eq 0 ] && [ "$static_status" -eq 0 ]
