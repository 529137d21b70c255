import { FormField, INPUT_CLASS } from '../../../components/FormField';
import { useAssetsUi } from '../assetsUiStore';
import { EXPIRY_CHOICES, parseUploadOptions } from './uploadOptions';

/** Where uploads go and how long they stay: applied to the next drop or pick, remembered across launches. */
export function UploadOptionsForm() {
  const draft = useAssetsUi((state) => state.uploadOptions);
  const setDraft = useAssetsUi((state) => state.setUploadOptions);
  const parsed = parseUploadOptions(draft);
  const errors = parsed.ok ? {} : parsed.errors;
  return (
    <section aria-label="Upload options" className="space-y-1 border-b border-line bg-panel px-3 py-2">
      <FormField
        label="Folder (file_path)"
        hint="Placed before each file's path inside what you drop, e.g. inputs/ → inputs/album/a.png"
        errors={errors.filePath}
      >
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={`${INPUT_CLASS} font-mono`}
            placeholder="inputs/"
            value={draft.filePath}
            onChange={(event) => setDraft({ filePath: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Tags" hint="Separated by commas" errors={errors.tags}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={INPUT_CLASS}
            placeholder="portrait, reference"
            value={draft.tags}
            onChange={(event) => setDraft({ tags: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Expires"
        hint="After this the service may delete the upload"
        errors={errors.expiresIn}
      >
        {({ inputId, describedBy, invalid }) => (
          <select
            id={inputId}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={INPUT_CLASS}
            value={draft.expiresIn}
            onChange={(event) => setDraft({ expiresIn: event.target.value })}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </section>
  );
}
