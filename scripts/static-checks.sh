#!/bin/sh
# Lint and typecheck side by side: ESLint (type-aware, the longest, about 2.5 min here) on one core, the
# typecheck and then Prettier on the other (CI has two; about 1.5 min saved against one after another). All
# always run to the end, so one run shows every problem; any failing fails this.
npm run lint:code &
lint=$!
npm run typecheck
typecheck=$?
npm run lint:format
format=$?
wait "$lint"
lint_status=$?
[ "$typecheck" -eq 0 ] && [ "$format" -eq 0 ] && [ "$lint_status" -eq 0 ]
