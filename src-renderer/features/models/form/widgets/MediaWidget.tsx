import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState, type DragEvent } from 'react';
import { Button } from '../../../../components/Button';
import { INPUT_CLASS } from '../../../../components/FormField';
import { visibleText } from '../../../../lib/visibleText';
import type { FormValue } from '../schemaValidator';
import type { MediaKind } from '../uiSchemaFor';
import { AssetPickerDialog } from './AssetPickerDialog';
import { inputText } from './BaseInputTemplate';
import { readDrop } from './mediaDrop';

const MEDIA_KINDS: readonly MediaKind[] = ['image', 'audio', 'video', 'media'];

function kindOption(options: Record<string, unknown>): MediaKind {
  return MEDIA_KINDS.find((kind) => kind === options.mediaKind) ?? 'media';
}

/** `data:image/png;base64,…` is unreadable in a one-line box: say what it is instead. */
function shownValue(text: string): string {
  const match = /^data:([^;,]*)[;,]/.exec(text);
  if (!match) return text;
  return `(inline ${match[1] || 'file'}, ${Math.round((text.length * 3) / 4 / 1024)} KB)`;
}

/**
 * A field that takes a picture, sound or clip by address: type or paste one, choose one from Assets, or
 * drop a file (read inline as a data URL) or a link onto it.
 */
export function MediaWidget(props: WidgetProps<FormValue>) {
  const { id, required, label, disabled, readonly, onChange, onBlur, onFocus, rawErrors, options } = props;
  const value: unknown = props.value;
  const kind = kindOption(options);
  const text = inputText(value);
  const inline = text.startsWith('data:');
  const [picking, setPicking] = useState(false);
  const [over, setOver] = useState(false);
  const [note, setNote] = useState<{ text: string; tone: 'ok' | 'bad' } | null>(null);
  const off = disabled === true || readonly === true;
  const invalid = (rawErrors?.length ?? 0) > 0;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    if (off) return;
    void readDrop(event.dataTransfer, kind).then((outcome) => {
      if (!outcome.ok) {
        setNote({ text: outcome.reason, tone: 'bad' });
        return;
      }
      onChange(outcome.value);
      setNote(outcome.name === null ? null : { text: `Using ${outcome.name}, inline.`, tone: 'ok' });
    });
  };

  return (
    <div
      data-testid="media-field"
      data-drop-over={over ? 'true' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded ${over ? 'outline-2 outline-offset-2 outline-accent outline-dashed' : ''}`}
    >
      <div className="flex items-center gap-1.5">
        <input
          id={id}
          required={required}
          type={inline ? 'text' : 'url'}
          value={inline ? shownValue(text) : text}
          readOnly={inline || readonly === true}
          disabled={disabled}
          placeholder="https://… or drop a file here"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          onBlur={() => onBlur(id, text)}
          onFocus={() => onFocus(id, text)}
          className={`${INPUT_CLASS} font-mono`}
        />
        {text !== '' ? (
          <Button
            variant="ghost"
            disabled={off}
            onClick={() => {
              onChange(undefined);
              setNote(null);
            }}
            aria-label={`Clear ${label}`}
            title="Clear"
          >
            Clear
          </Button>
        ) : null}
        <Button disabled={off} onClick={() => setPicking(true)} className="shrink-0">
          From Assets…
        </Button>
      </div>
      <p
        className={`pt-0.5 text-[11px] ${note?.tone === 'bad' ? 'text-state-failed' : 'text-faint'}`}
        role="status"
      >
        {note === null
          ? `Paste an address, choose from Assets, or drop a file or link here.`
          : visibleText(note.text)}
      </p>
      {picking ? (
        <AssetPickerDialog
          kind={kind}
          fieldLabel={label}
          onClose={() => setPicking(false)}
          onPick={(url, name) => {
            onChange(url);
            setNote({ text: `Using ${name} from Assets.`, tone: 'ok' });
            setPicking(false);
          }}
        />
      ) : null}
    </div>
  );
}
