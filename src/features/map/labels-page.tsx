/**
 * /sepultados/etiquetas (admins): a sheet of QR labels to print — every record of a
 * quadra (?quadra=12) or a selection (?ids=a,b,c). A4, 3 × 7 labels a page (labels.css), each
 * with the QR of the record's page, the name and Rua/Quadra/Placa. A quadra's number repeats
 * from one cemetery to the next: with several, the admin picks one (&cemiterio=<id>) or gets
 * one group per cemetery, each printed on its own sheets. The QR library loads here only.
 */
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCemeteries } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { fetchLabels } from '../../data/plan';
import { graveDirections } from '../../domain/geo';
import type { LabelItem } from '../../domain/label-types';
import { MAP_MSG } from '../../domain/map-messages';
import { recordUrl } from '../../lib/qr-image';
import { useLoad } from '../../lib/use-load';
import { useQr } from '../../lib/use-qr';
import { CemeteryPicker } from './cemetery-picker';
import './labels.css';

/** The sheet's labels, one group per cemetery (the server sends them in that order). */
function byCemetery(items: LabelItem[]): { nome: string; items: LabelItem[] }[] {
  const groups: { nome: string; items: LabelItem[] }[] = [];
  for (const item of items) {
    const nome = item.cemiterio ?? 'Sem cemitério';
    const last = groups.at(-1);
    if (last?.nome === nome) last.items.push(item);
    else groups.push({ nome, items: [item] });
  }
  return groups;
}

function Label({ item }: { item: LabelItem }) {
  const url = recordUrl(item.id);
  const { src } = useQr(url);
  return (
    <li className="map-label" data-qr-url={url}>
      {src ? (
        <img src={src} alt={`Código QR de ${item.nome}`} />
      ) : (
        <span className="map-label-qr" />
      )}
      <div>
        <strong>{item.nome}</strong>
        <span>{graveDirections(item)}</span>
      </div>
    </li>
  );
}

type Load =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'done'; items: LabelItem[]; truncated: boolean }
  | { phase: 'failed'; message: string };

export default function LabelsPage() {
  const [params, setParams] = useSearchParams();
  const [quadra, setQuadra] = useState(params.get('quadra') ?? '');
  const [cemetery, setCemetery] = useState(params.get('cemiterio') ?? '');
  const { list: cemeteries } = useCemeteries();
  const query = params.toString();
  const search = new URLSearchParams(query);
  const asked = Boolean(search.get('quadra') || search.get('ids'));
  const { state } = useLoad(asked ? () => fetchLabels(new URLSearchParams(query)) : null, [query]);
  const load: Load =
    state.phase === 'done'
      ? { phase: 'done', ...state.value }
      : state.phase === 'failed'
        ? {
            phase: 'failed',
            message:
              state.error instanceof ApiFailure ? state.error.message : MAP_MSG.labelsLoadError,
          }
        : { phase: state.phase };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (quadra.trim()) {
      setParams({ quadra: quadra.trim(), ...(cemetery ? { cemiterio: cemetery } : {}) });
    }
  }

  return (
    <section className="page map-labels-page">
      <div className="map-no-print">
        <h1>Etiquetas com código QR</h1>
        <form className="map-labels-query" onSubmit={submit}>
          <CemeteryPicker
            cemeteries={cemeteries}
            value={cemetery}
            onChange={setCemetery}
            emptyLabel="Todos (uma folha por cemitério)"
          />
          <div className="field">
            <label htmlFor="quadra">Quadra</label>
            <input id="quadra" value={quadra} onChange={(e) => setQuadra(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-small">
            Mostrar etiquetas
          </button>
        </form>
        {load.phase === 'loading' && <p className="muted">Carregando…</p>}
        {load.phase === 'failed' && (
          <p className="form-alert" role="alert">
            {load.message}
          </p>
        )}
        {load.phase === 'done' && (
          <p className="muted">
            {load.items.length === 0
              ? 'Nenhum registro encontrado.'
              : `${load.items.length} etiqueta(s), 21 por folha A4.`}
            {load.truncated && ' A lista foi limitada: imprima por quadra.'}
          </p>
        )}
        {load.phase === 'done' && load.items.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            Imprimir
          </button>
        )}
      </div>
      {load.phase === 'done' &&
        byCemetery(load.items).map((group, _, groups) => (
          <section key={group.nome} className="map-labels-group" aria-label={group.nome}>
            {groups.length > 1 && (
              <h2 className="map-no-print">
                {group.nome} ({group.items.length})
              </h2>
            )}
            <ul className="map-labels-sheet">
              {group.items.map((item) => (
                <Label key={item.id} item={item} />
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}
