/**
 * Merging one cemetery into another (admin): choose the destination, read what will happen
 * (how many records move, the source removed), confirm. The server moves every record.
 */
import { useId, useState } from 'react';
import { mergeConfirmText } from '../../domain/cemetery-messages';
import type { Cemetery } from '../../domain/cemetery-types';

interface Props {
  source: Cemetery;
  others: Cemetery[];
  busy: boolean;
  onMerge: (destino: string) => void;
  onCancel: () => void;
}

export function CemeteryMerge({ source, others, busy, onMerge, onCancel }: Props) {
  const id = useId();
  const [destino, setDestino] = useState('');
  const target = others.find((c) => c.id === destino);
  return (
    <div className="cemetery-merge">
      <div className="field">
        <label htmlFor={id}>Mesclar “{source.nome}” com</label>
        <select id={id} value={destino} onChange={(e) => setDestino(e.target.value)}>
          <option value="">Escolha o cemitério de destino</option>
          {others.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nome}
            </option>
          ))}
        </select>
      </div>
      {target && (
        <p className="cemetery-merge-warning" role="status">
          {mergeConfirmText(source.nome, target.nome, source.total)}
        </p>
      )}
      <div className="cemetery-form-actions">
        <button
          type="button"
          className="btn btn-danger"
          disabled={!target || busy}
          onClick={() => target && onMerge(target.id)}
        >
          {busy ? 'Mesclando…' : 'Confirmar mesclagem'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </div>
  );
}
