#!/bin/sh
# Lint and typecheck side by side: ESLint (type-aware, the longest, about 3.5 min here) on one core, the
# typecheck and then Prettier on the other (CI has two; about 1.5 min saved against one after another). All
# always run to the end, so one run shows every problem; any failing fails this. With --build (npm test), the
# app's build follows Prettier on that second core, which ESLint's last minute would otherwise leave idle
# (about 25 s off npm test: the tests then run on this build instead of making their own).
npm run lint:code &
lint=$!
npm run typecheck
typecheck=$?
npm run lint:format
format=$?
build=0
if [ "${1:-}" = "--build" ]; then
  npm run build
  build=$?
fi
wait "$lint"
lint_status=$?
[ "$typecheck" -eq 0 ] && [ "$format" -eq 0 ] && [ "$build" -eq 0 ] && [ "$lint_status" -eq 0 ]
