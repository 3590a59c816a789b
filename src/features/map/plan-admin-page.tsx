/**
 * /admin/mapa (admins): the cemetery plan of the offline map — upload the image, give
 * the geographic corners it covers, see a preview, save. The corners are checked with the
 * domain's rule before sending (the server checks again). Saving needs a connection; the
 * saved plan is also stored on this device at once (precachePlan).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCemeteries } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { fetchPlan, type PlanMeta, precachePlan, savePlan } from '../../data/plan';
import { type Bounds, formatCoordinate, validateBounds } from '../../domain/geo';
import { MAP_MSG } from '../../domain/map-messages';
import { ACCEPTED_IMAGE_TYPES } from '../../domain/upload-rules';
import { API_BASE } from '../../lib/api-base';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { CemeteryPicker, cemeteryShown } from './cemetery-picker';
import '../../ui/file-chooser.css';
import './map.css';

type Corner = keyof Bounds;
const CORNERS: { name: Corner; label: string; hint: string }[] = [
  { name: 'north', label: 'Latitude norte (borda de cima)', hint: 'Ex.: -20.3840' },
  { name: 'south', label: 'Latitude sul (borda de baixo)', hint: 'Ex.: -20.3870' },
  { name: 'west', label: 'Longitude oeste (borda esquerda)', hint: 'Ex.: -43.5050' },
  { name: 'east', label: 'Longitude leste (borda direita)', hint: 'Ex.: -43.5020' },
];
type CornerText = Record<Corner, string>;
const EMPTY: CornerText = { south: '', west: '', north: '', east: '' };

/** "-20,387" → -20.387; empty or not a number → NaN (the domain rule then names the field). */
function parseCorner(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^-?\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

export default function PlanAdminPage() {
  const flash = useFlash();
  // ?cemiterio=<id> (from the cemeteries screen): that cemetery's plan; else the first one's.
  const [params, setParams] = useSearchParams();
  const cemiterio = params.get('cemiterio') || null;
  const { list: cemeteries } = useCemeteries();
  const shownCemetery = cemeteryShown(cemeteries, cemiterio);
  const [current, setCurrent] = useState<PlanMeta | null | undefined>(undefined);
  const [corners, setCorners] = useState<CornerText>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new key empties the file input once its image is saved (the input is uncontrolled).
  const [fileKey, setFileKey] = useState(0);

  useEffect(() => {
    setCurrent(undefined);
    fetchPlan(cemiterio).then(
      (plan) => {
        setCurrent(plan);
        const b = plan?.bounds;
        setCorners(
          b
            ? {
                south: formatCoordinate(b.south),
                west: formatCoordinate(b.west),
                north: formatCoordinate(b.north),
                east: formatCoordinate(b.east),
              }
            : EMPTY,
        );
      },
      (err: unknown) => {
        setCurrent(null);
        setLoadError(err instanceof ApiFailure ? err.message : MAP_MSG.planLoadError);
      },
    );
  }, [cemiterio]);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current && !file) {
      setError({ field: 'imagem', message: MAP_MSG.planImageRequired });
      return;
    }
    const bounds = Object.fromEntries(
      CORNERS.map((c) => [c.name, parseCorner(corners[c.name])]),
    ) as unknown as Bounds;
    const problem = validateBounds(bounds);
    if (problem) {
      setError(problem);
      document.getElementById(problem.field)?.focus();
      return;
    }
    if (!navigator.onLine) {
      flash.error(MAP_MSG.planNeedsSignal);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const saved = await savePlan(file, bounds, cemiterio);
      setCurrent(saved);
      setFile(null);
      setFileKey((k) => k + 1);
      flash.success(MAP_MSG.planSaved);
      await precachePlan(cemiterio).catch((err: unknown) => {
        if (err instanceof ApiFailure) flash.error(err.message);
      });
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : null;
      if (failure?.field) setError({ field: failure.field, message: failure.message });
      else
        flash.error(
          failure?.offline ? MAP_MSG.planNeedsSignal : (failure?.message ?? MAP_MSG.planSaveError),
        );
    } finally {
      setBusy(false);
    }
  }

  const shown = preview ?? (current ? `${API_BASE}/images/plano/${current.image}` : null);
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  return (
    <section className="page map-plan-admin">
      <h1>{shownCemetery ? `Mapa do cemitério: ${shownCemetery.nome}` : 'Mapa do cemitério'}</h1>
      <CemeteryPicker
        cemeteries={cemeteries}
        value={shownCemetery?.id ?? ''}
        onChange={(id) => setParams({ cemiterio: id })}
      />
      <p className="muted">
        A imagem do plano aparece sob o mapa de cada sepultura e é guardada no aparelho dos
        visitantes, para funcionar sem sinal. Informe as coordenadas das quatro bordas da imagem.
      </p>
      <p>
        <Link to="/sepultados/etiquetas">Imprimir etiquetas com código QR</Link>
      </p>
      {loadError && <p className="form-alert">{loadError}</p>}
      {current === undefined && <p className="muted">Carregando…</p>}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormField
          key={fileKey}
          label={current ? 'Nova imagem do plano (opcional)' : 'Imagem do plano'}
          name="imagem"
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          error={errorOf('imagem')}
          chooser={{ button: 'Escolher imagem', chosen: file?.name ?? 'Nenhuma imagem escolhida' }}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            if (error?.field === 'imagem') setError(null);
          }}
        />
        {shown && (
          <figure className="map-plan-preview">
            <img src={shown} alt="Pré-visualização do plano do cemitério" />
            <figcaption className="muted map-small">
              {preview ? 'Imagem escolhida (ainda não salva)' : 'Plano atual'}
            </figcaption>
          </figure>
        )}
        <div className="form-row">
          {CORNERS.map((c) => (
            <FormField
              key={c.name}
              label={c.label}
              name={c.name}
              inputMode="decimal"
              placeholder={c.hint}
              value={corners[c.name]}
              error={errorOf(c.name)}
              onChange={(e) => {
                setCorners((v) => ({ ...v, [c.name]: e.target.value }));
                if (error?.field === c.name) setError(null);
              }}
            />
          ))}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Salvando…' : 'Salvar plano'}
        </button>
      </form>
    </section>
  );
}
