import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LibraryEntryDetail } from '../../../../src-shared/contract';
import { formatBytes } from '../../../../src-shared/format';
import { LoadingOrError } from '../../../components/LoadingOrError';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { libraryEntryQuery } from '../libraryQueries';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** Untrusted text from a workflow: hidden characters made visible, still only text. */
function Shown({ text }: { text: string }) {
  return <VisibleMarks text={visibleText(text, { multiline: true })} />;
}

/** Where the entry came from, in words. */
const SOURCE_WORDS: Readonly<Record<LibraryEntryDetail['source'], string>> = {
  job: 'A job',
  router: 'A Router run',
  upload: 'An upload',
};

const shown = (value: string | number | null): string => (value === null ? '—' : String(value));

function Facts({ detail }: { detail: LibraryEntryDetail }) {
  const batchValues = Object.entries(detail.batch?.values ?? {});
  return (
    <div className="space-y-3 text-xs">
      {detail.prompts.map((prompt, index) => (
        <p key={index} className="whitespace-pre-wrap" data-testid="entry-prompt">
          <Shown text={prompt} />
        </p>
      ))}
      {detail.negatives.map((negative, index) => (
        <p key={index} className="whitespace-pre-wrap text-muted">
          <span className="text-faint">Negative: </span>
          <Shown text={negative} />
        </p>
      ))}
      <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-0.5">
        <Fact term="Seed">
          {detail.seed === null ? shown(null) : <span className="font-mono">{detail.seed}</span>}
        </Fact>
        <Fact term="Steps">{shown(detail.steps)}</Fact>
        <Fact term="CFG">{shown(detail.cfg)}</Fact>
        <Fact term="Sampler">{shown(detail.sampler)}</Fact>
        <Fact term="Scheduler">{shown(detail.scheduler)}</Fact>
        <Fact term="Denoise">{shown(detail.denoise)}</Fact>
        <Fact term="Model">{detail.models.length > 0 ? detail.models.join(', ') : shown(detail.model)}</Fact>
        {detail.loras.length > 0 && <Fact term="LoRAs">{detail.loras.join(', ')}</Fact>}
        <Fact term="Size">
          {detail.width && detail.height ? `${detail.width}×${detail.height} · ` : ''}
          {formatBytes(detail.sizeBytes)}
        </Fact>
        {detail.batch && <Fact term="Batch">{detail.batch.name}</Fact>}
        {batchValues.map(([axis, value]) => (
          <Fact key={axis} term={axis}>
            {value}
          </Fact>
        ))}
        <Fact term="From">{SOURCE_WORDS[detail.source]}</Fact>
        {detail.credits !== null && <Fact term="Credits">{detail.credits}</Fact>}
        <Fact term="Profile">{detail.profileName}</Fact>
        <Fact term="File">
          <span className="font-mono">{detail.name}</span>
        </Fact>
      </dl>
      {detail.strings.length > 0 && (
        <details>
          <summary className="cursor-pointer text-muted">Every text input ({detail.strings.length})</summary>
          <dl className="mt-1 space-y-1" data-testid="entry-strings">
            {detail.strings.map((input) => (
              <div key={input.at}>
                <dt className="font-mono text-faint">
                  {input.at} <span className="text-faint">({input.nodeClass})</span>
                </dt>
                <dd className="whitespace-pre-wrap">
                  <Shown text={input.value} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

/** The lightbox's side panel: everything the entry's workflow said, from `library.get`. */
export function EntryFacts({ entryId }: { entryId: number }) {
  const loupe = useLoupe();
  const detail = useQuery(libraryEntryQuery(loupe, entryId));
  if (detail.data === undefined) {
    return <LoadingOrError query={detail} doing="read this entry" loading="Reading what made it…" />;
  }
  return <Facts detail={detail.data} />;
}
