import { useQuery } from '@tanstack/react-query';
import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ModelDetail, RouterRunDetail } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { useLoupe } from '../../../lib/loupeContext';
import { draftOf, withText, withValue, withView, type InputView, type JsonValue } from '../form/inputDraft';
import { InputViewToggle } from '../form/InputViewToggle';
import { RawJsonEditor } from '../form/RawJsonEditor';
import { checkAgainstSchema, type SchemaIssue } from '../form/schemaCheck';
import { SchemaForm, type SchemaFormRef } from '../form/SchemaForm';
import { schemaHasPath, standingIssues, issueFieldPath } from '../form/serverIssues';
import { runQuery } from '../modelQueries';
import { useModelsUi } from '../modelsUiStore';
import { LastRun } from './LastRun';
import { RunBar } from './RunBar';
import { RunOptions, providerProblem } from './RunOptions';
import { defaultsFor, useModelWork } from './useModelWork';
import { useStartRun } from './useStartRun';

const NO_ISSUES: readonly never[] = [];

/** The 422 issues of the page's last run that still apply to what is in the form now. */
function useStandingIssues(profileId: string, runId: string | null, value: JsonValue) {
  const loupe = useLoupe();
  const run = useQuery({ ...runQuery(loupe, profileId, runId ?? ''), enabled: runId !== null });
  const last: RouterRunDetail | undefined = run.data;
  return useMemo(() => {
    const issues = last?.state === 'failed' ? (last.error?.validation ?? NO_ISSUES) : NO_ISSUES;
    return issues.length === 0 || last === undefined ? NO_ISSUES : standingIssues(issues, last.input, value);
  }, [last, value]);
}

/** The form (or JSON) for a model's input, how to run it, Run, and the run that follows. */
export function ModelWorkbench({ profileId, model }: { profileId: string; model: ModelDetail }) {
  const schema: RJSFSchema | null = model.schema.input;
  const { work, update } = useModelWork(model.id, schema);
  const { draft, setup } = work;
  const lastRunId = useModelsUi((state) => state.lastRun.get(model.id) ?? null);
  const { start, latest } = useStartRun(profileId, model.id);
  const formRef = useRef<SchemaFormRef>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const runSection = useRef<HTMLElement>(null);
  const runAnchor = useRef<HTMLDivElement>(null);
  const following = useRef(false);
  const [jsonIssues, setJsonIssues] = useState<readonly SchemaIssue[]>(NO_ISSUES);
  const [formProblems, setFormProblems] = useState(0);
  const [switchRefused, setSwitchRefused] = useState(false);
  const serverIssues = useStandingIssues(profileId, lastRunId, draft.value);
  const unplaced =
    schema === null
      ? serverIssues
      : serverIssues.filter((issue) => !schemaHasPath(schema, issueFieldPath(issue.loc)));
  const view: InputView = schema === null ? 'json' : draft.view;
  const waiting = latest.waitingSince !== null && latest.mode === 'sync';

  const send = (input: JsonValue) => {
    setFormProblems(0);
    setJsonIssues(NO_ISSUES);
    start({ input, setup });
    following.current = true;
  };
  // The run just started is brought into view as it shows (waiting, then its answer): the Run bar at the
  // top, the run under it. Once it has ended, the page stays where the user leaves it.
  const reveal = useCallback((ended: boolean) => {
    const scroller = scrollRef.current;
    const section = runSection.current;
    // Measured from what follows the bar: a stuck (sticky) bar reports where it is drawn, not where it sits.
    const anchor = runAnchor.current;
    if (!following.current || !scroller || !section || !anchor) return;
    scroller.scrollTop = Math.max(scroller.scrollTop, anchor.offsetTop - section.offsetHeight);
    if (ended) following.current = false;
  }, []);
  // In strict mode the body goes to the alternate provider untranslated, in that provider's own schema: the
  // model's native schema is not the one to check it against (the Router skips it too).
  const strict = setup.strict && setup.provider !== '';
  const run = () => {
    if (waiting || providerProblem(setup.provider) !== null) return;
    if (strict) {
      if (draft.textError === null) send(draft.value);
      else textRef.current?.focus();
      return;
    }
    if (view === 'form') {
      // rjsf checks the form against the schema, shows what is wrong and focuses it; valid input is sent.
      formRef.current?.submit();
      return;
    }
    if (draft.textError !== null) {
      textRef.current?.focus();
      return;
    }
    const issues = schema === null ? [] : checkAgainstSchema(schema, draft.value);
    setJsonIssues(issues);
    if (issues.length > 0) textRef.current?.focus();
    else send(draft.value);
  };
  const onView = (next: InputView) => {
    const switched = withView(draft, next);
    setSwitchRefused(switched === null);
    if (switched === null) textRef.current?.focus();
    else update({ draft: switched });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  };

  return (
    <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-y-auto" onKeyDown={onKeyDown}>
      <section aria-label="Input" className="space-y-3 px-4 py-3">
        <div className="flex items-center gap-3">
          <h3 className="text-xs font-medium text-fg">Input</h3>
          <InputViewToggle view={view} onView={onView} formAvailable={schema !== null} />
          <span className="flex-1" />
          <Button
            variant="ghost"
            title="Put every field back to the model’s defaults"
            onClick={() => {
              setJsonIssues(NO_ISSUES);
              setSwitchRefused(false);
              update({ draft: draftOf(defaultsFor(schema), view) });
            }}
          >
            Reset to defaults
          </Button>
        </div>
        {schema === null ? (
          <p className="text-[11px] text-faint">
            This model publishes no input schema: write its input as JSON.
          </p>
        ) : null}
        {strict ? (
          <p className="text-[11px] text-state-canceled" data-testid="strict-note">
            Strict mode: the input goes to {setup.provider} as written, in that provider’s own schema, so it
            is not checked against this model’s schema.
          </p>
        ) : null}
        {switchRefused && draft.textError !== null ? (
          <p role="alert" className="text-[11px] text-state-failed" data-testid="switch-refused">
            The form can only show input that reads as JSON: fix the text below first.
          </p>
        ) : null}
        {view === 'form' && schema !== null ? (
          <SchemaForm
            formRef={formRef}
            schema={schema}
            value={draft.value}
            issues={serverIssues}
            disabled={waiting}
            onChange={(value) => update({ draft: withValue(draft, value) })}
            onValidSubmit={send}
            onInvalid={setFormProblems}
          />
        ) : (
          <RawJsonEditor
            ref={textRef}
            text={draft.text}
            textError={draft.textError}
            schemaIssues={jsonIssues}
            serverIssues={serverIssues}
            onText={(text) => {
              setSwitchRefused(false);
              update({ draft: withText(draft, text) });
            }}
          />
        )}
      </section>
      {/* Run stays in view at the foot of the pane while a long form scrolls under it. */}
      <section
        ref={runSection}
        aria-label="Run"
        className="sticky bottom-0 z-10 space-y-2 border-t border-line bg-panel px-4 py-3"
      >
        <RunBar
          profileId={profileId}
          mode={setup.mode}
          waiting={waiting}
          problems={view === 'form' ? formProblems : jsonIssues.length + (draft.textError === null ? 0 : 1)}
          unplaced={unplaced.length}
          onRun={run}
        >
          <RunOptions setup={setup} onSetup={(next) => update({ setup: next })} disabled={waiting} />
        </RunBar>
      </section>
      <div ref={runAnchor} />
      <LastRun profileId={profileId} runId={lastRunId} start={latest} onShown={reveal} />
    </div>
  );
}
