import { LinkButton } from '../../components/Button';
import { useLibraryNotice } from './libraryNotice';

/** What the last action said (an export's folder, a refusal), in words, until dismissed. */
export function LibraryNoticeBar() {
  const notice = useLibraryNotice((state) => state.notice);
  const say = useLibraryNotice((state) => state.say);
  if (notice === null) return null;
  return (
    <div
      role={notice.tone === 'error' ? 'alert' : 'status'}
      data-testid="library-notice"
      className={`flex items-center gap-3 border-b border-line px-3 py-1.5 text-xs ${
        notice.tone === 'error' ? 'bg-state-failed/10 text-fg' : 'bg-raised text-muted'
      }`}
    >
      <span className="flex-1">{notice.text}</span>
      <LinkButton onClick={() => say(null)}>Dismiss</LinkButton>
    </div>
  );
}
