import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { visibleText } from '../../../lib/visibleText';

interface KeychainConsentDialogProps {
  profileName: string;
  /** Why the keychain could not be used, as the host reported it (plain text). */
  reason: string | undefined;
  onKeepForSession: () => void;
  onCancel: () => void;
}

/**
 * Asked before a key is ever kept anywhere but the OS keychain (Element Desktop's rule). The safe answer is
 * the default: Cancel has the focus.
 */
export function KeychainConsentDialog({
  profileName,
  reason,
  onKeepForSession,
  onCancel,
}: KeychainConsentDialogProps) {
  return (
    <ConfirmDialog
      title="Your system keychain is not available"
      testId="keychain-consent"
      onCancel={onCancel}
      confirm={
        <Button variant="primary" onClick={onKeepForSession}>
          Keep it for this session only
        </Button>
      }
    >
      <p>
        Loupe keeps API keys in your operating system&apos;s keychain, and it cannot reach it right now, so
        the key for <span className="font-medium text-fg">{profileName}</span> cannot be saved there.
      </p>
      {reason ? (
        <p>
          The keychain said: <span className="font-mono break-words text-muted">{visibleText(reason)}</span>
        </p>
      ) : null}
      <p>
        Loupe can keep the key in memory until it quits. It is never written to disk, and you will enter it
        again next time. To save it for good, start or unlock your keychain (on Linux, GNOME Keyring or
        KWallet) and save the key again.
      </p>
    </ConfirmDialog>
  );
}
