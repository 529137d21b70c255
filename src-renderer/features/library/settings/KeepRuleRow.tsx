import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KEEP_RULES, type KeepRule } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { libraryKeepRuleQuery, libraryKeys } from '../libraryQueries';

const RULE_LABELS: Record<KeepRule, string> = {
  starred: 'Keep starred',
  everything: 'Keep everything',
  nothing: 'Keep nothing',
};

/** One profile's automatic keep rule. */
export function KeepRuleRow({ profileId, name }: { profileId: string; name: string }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const rule = useQuery(libraryKeepRuleQuery(loupe, profileId));
  const setRule = useMutation({
    mutationFn: (next: KeepRule) => unwrap(loupe.library.setKeepRule({ profileId, rule: next })),
    onSuccess: ({ rule: saved }) => client.setQueryData(libraryKeys.keepRule(profileId), saved),
  });
  return (
    <label className="flex items-center gap-2 py-0.5">
      <span className="w-40 truncate">{name}</span>
      <select
        aria-label={`Keep rule for ${name}`}
        value={rule.data ?? 'starred'}
        disabled={rule.data === undefined || setRule.isPending}
        onChange={(event) => setRule.mutate(event.target.value as KeepRule)}
        className="h-7 rounded border border-line bg-raised px-1"
      >
        {KEEP_RULES.map((value) => (
          <option key={value} value={value}>
            {RULE_LABELS[value]}
            {value === 'starred' ? ' (default)' : ''}
          </option>
        ))}
      </select>
      {rule.isError && <span className="text-state-failed">Could not read the rule.</span>}
      {setRule.isError && (
        <span role="alert" className="text-state-failed">
          {setRule.error.message}
        </span>
      )}
    </label>
  );
}
