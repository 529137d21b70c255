#!/bin/sh
# Lint and typecheck side by side: each runs on one core, and CI has two (about a minute saved). Both always
# run to the end, so one run shows every problem; either failing fails this.
npm run lint &
lint=$!
npm run typecheck
typecheck=$?
wait "$lint"
lint_status=$?
[ "$typecheck" -eq 0 ] && [ "$lint_status" -eq 0 ]
