import type { ModelDetail } from '../../../../src-shared/contracts/models';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { visibleText } from '../../../lib/visibleText';
import { outputKindLabel } from '../catalogue/outputKinds';

/** `charges_on_policy_rejection` → "Charges on policy rejection": the fact's name in words, its value as given. */
function factName(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A model's page header: its id, who provides it, what it makes, and its billing facts as the service gives them. */
export function ModelFacts({ model }: { model: ModelDetail }) {
  const billing = Object.entries(model.billing);
  const schema = model.schema;
  return (
    <header className="space-y-2 border-b border-line px-4 py-3">
      <div className="flex items-center gap-2">
        <h2 className="min-w-0 truncate font-mono text-sm font-semibold text-fg" title={model.id}>
          {visibleText(model.id)}
        </h2>
        <CopyButton text={model.id} title="Copy the model id">
          Copy id
        </CopyButton>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-faint">Provider</dt>
        <dd className="font-mono text-muted">{visibleText(model.provider)}</dd>
        <dt className="text-faint">Makes</dt>
        <dd className="text-muted">
          {outputKindLabel(model.outputKind)}
          {schema.outputContentType !== null ? (
            <span className="font-mono text-faint"> · {visibleText(schema.outputContentType)}</span>
          ) : null}
        </dd>
        {billing.map(([key, value]) => (
          <div key={key} className="contents" data-testid="billing-fact">
            <dt className="text-faint">{visibleText(factName(key))}</dt>
            <dd className="font-mono text-muted">{visibleText(value)}</dd>
          </div>
        ))}
        <dt className="text-faint">Input schema</dt>
        <dd className="text-muted">
          {schema.input === null
            ? 'not published'
            : schema.fromCache
              ? 'published (unchanged since last read)'
              : 'published'}
        </dd>
      </dl>
    </header>
  );
}
