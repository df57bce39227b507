/** The storage budget: soft and hard caps, maximum age of raw bulk, digest cap, cadence; checked, then saved. */
import { useEffect, useId, useState } from 'react';
import { EVICTION_CADENCES, type EvictionCadence, type RetentionPatch, type RetentionSettings } from '../../../../shared/retention';
import { checkFields, type FieldErrors, fieldsOf, type RetentionFields } from '../../lib/retention-form';
import { useWrite } from '../../lib/queries';

const CADENCE_LABELS: Record<EvictionCadence, string> = {
  daily: 'Daily',
  'on-sync': 'After every sync',
  manual: 'Manually (Evict now)',
};

/**
 * `onDraft` hears what the form says as the person types: the patch over the saved settings
 * (empty when nothing changed), or undefined while a field is invalid (the preview uses it).
 */
export function RetentionForm({ settings, defaults, onDraft }: { settings: RetentionSettings; defaults: RetentionSettings; onDraft?: (draft: RetentionPatch | undefined) => void }): React.JSX.Element {
  const [fields, setFields] = useState<RetentionFields>(() => fieldsOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useWrite('dejavu:set-retention', {
    onSuccess: (next) => {
      setFields(fieldsOf(next));
      setSaved(true);
    },
  });
  const set = (k: keyof RetentionFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setSaved(false);
    if (errors[k]) setErrors((cur) => ({ ...cur, [k]: undefined }));
  };
  const { patch, errors: typed } = checkFields(fields, settings);
  const dirty = Object.keys(patch).length > 0;
  const draft = Object.values(typed).some(Boolean) ? undefined : JSON.stringify(patch);
  useEffect(() => onDraft?.(draft === undefined ? undefined : (JSON.parse(draft) as RetentionPatch)), [draft, onDraft]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = checkFields(fields, settings);
    setErrors(checked.errors);
    if (Object.values(checked.errors).some(Boolean)) return;
    if (Object.keys(checked.patch).length) save.mutate({ settings: checked.patch });
  };
  const d = fieldsOf(defaults);
  return (
    <form className="retention-form" onSubmit={submit} noValidate aria-label="Storage settings">
      <Field label="Soft cap" name="softCap" value={fields.softCap} error={errors.softCap} onChange={set('softCap')} hint={`Above it, the oldest conversations lose their raw records and large tool output. Default ${d.softCap}.`} />
      <Field label="Hard cap" name="hardCap" value={fields.hardCap} error={errors.hardCap} onChange={set('hardCap')} hint={`Above it, the oldest keep only their digest (every prompt, the last answer). Default ${d.hardCap}.`} />
      <Field label="Maximum age of raw bulk (days)" name="maxAge" value={fields.maxAge} error={errors.maxAge} onChange={set('maxAge')} hint={`Only while the archive is over its soft cap: then raw bulk of conversations idle longer goes first. Under the soft cap nothing ages out. “off”: never. Default ${d.maxAge}.`} />
      <Field label="Digest cap" name="digestCap" value={fields.digestCap} error={errors.digestCap} onChange={set('digestCap')} hint={`Digests are never dropped; above this you are warned. Default ${d.digestCap}.`} />
      <CadenceField value={fields.cadence} error={errors.cadence} onChange={set('cadence')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setFields(fieldsOf(settings));
            setErrors({});
          }}
        >
          Reset
        </button>
        <span role="status" className="form-status">
          {save.error ? <span className="danger-text">Not saved: {save.error.message}</span> : saved && !dirty ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}

function Field(props: { label: string; name: string; value: string; error?: string; hint: string; onChange: (e: React.ChangeEvent<HTMLInputElement>) => void }): React.JSX.Element {
  const id = useId();
  return (
    <div className={`field ${props.error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="text"
        inputMode="text"
        spellCheck={false}
        autoComplete="off"
        value={props.value}
        onChange={props.onChange}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
      />
      {props.error ? (
        <div id={`${id}-error`} className="field-error">
          {props.error}
        </div>
      ) : null}
      <div id={`${id}-hint`} className="field-hint">
        {props.hint}
      </div>
    </div>
  );
}

function CadenceField({ value, error, onChange }: { value: string; error?: string; onChange: (e: React.ChangeEvent<HTMLSelectElement>) => void }): React.JSX.Element {
  const id = useId();
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>When to evict</label>
      <select id={id} name="cadence" value={value} onChange={onChange} aria-invalid={error ? true : undefined}>
        {EVICTION_CADENCES.map((c) => (
          <option key={c} value={c}>
            {CADENCE_LABELS[c]}
          </option>
        ))}
      </select>
      {error ? <div className="field-error">{error}</div> : null}
      <div className="field-hint">Daily: after a sync, at most once a day. Pinned conversations are never evicted.</div>
    </div>
  );
}
