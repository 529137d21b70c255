#!/bin/sh
# npm test. The static checks (ESLint with types, the typecheck, Prettier: about 7 minutes of CPU) run beside the
# tests at the lowest priority (nice 19), where they used to run first, alone, for 4 of CI's 25 minutes: the
# tests leave CPU idle while they wait on sockets, child processes and the simulator's clock, and nice 19 gives
# the checks little more than that (they end late in the e2e run). Their output is kept in
# reports/static-checks.log and printed at the end, so it never interleaves with the runners'. Each part's
# end time is printed too. Any failing part fails npm test.
mkdir -p reports
began=$(date +%s)
since() { echo "$(( $(date +%s) - began )) s"; }
{
  nice -n 19 sh scripts/static-checks.sh > reports/static-checks.log 2>&1
  status=$?
  echo "static checks ended at $(since)" > reports/static-checks.time
  exit "$status"
} &
static=$!

npm run test:unit
tests=$?
unit_end=$(since)
if [ "$tests" -eq 0 ]; then
  npm run test:e2e:built
  tests=$?
fi
e2e_end=$(since)

wait "$static"
static_status=$?
echo "── times: unit ended at $unit_end, e2e at $e2e_end; $(cat reports/static-checks.time 2>/dev/null) ──"
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
