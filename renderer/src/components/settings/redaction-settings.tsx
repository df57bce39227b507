/** Settings → Secrets: mask secrets in everything that leaves the app (on by default), and optionally at capture. */
import { useChannel, useWrite } from '../../lib/queries';

export function RedactionSettings(): React.JSX.Element | null {
  const privacy = useChannel('dejavu:privacy', {});
  const save = useWrite('dejavu:set-privacy');
  const p = privacy.data;
  if (!p) return null;
  return (
    <section className="settings-section" aria-labelledby="secrets-title" data-testid="redaction-settings">
      <h2 id="secrets-title">Secrets</h2>
      <label className="settings-check">
        <input type="checkbox" checked={p.redactExports} disabled={save.isPending} onChange={(e) => save.mutate({ settings: { redactExports: e.target.checked } })} />
        Mask secrets (API keys, tokens, private keys, passwords in URLs and <code>.env</code> lines) in exports, <code>dejavu show</code> and MCP answers
      </label>
      {!p.redactExports ? <p className="settings-note warn-text">Off: exported files and answers to other tools carry secrets exactly as they were typed.</p> : null}
      <label className="settings-check">
        <input type="checkbox" checked={p.redactAtCapture} disabled={save.isPending} onChange={(e) => save.mutate({ settings: { redactAtCapture: e.target.checked } })} />
        Also mask them in the archive itself and its search index, from the next sync on
      </label>
      {save.error ? <p className="settings-note warn-text">Could not save: {save.error.message}</p> : null}
    </section>
  );
}
