/**
 * The office screens' cemetery choice (graves, deadlines): the chosen cemetery's id (the first
 * one until the person picks) and its select, which sends the list back to its first page.
 */
import { useState } from 'react';
import { useCemeteries } from '../../data/cemeteries';

export function useCemeteryFilter(onChange: () => void) {
  const { list: cemeteries } = useCemeteries();
  const [cemiterioId, setCemiterioId] = useState('');
  const chosen = cemiterioId || cemeteries?.[0]?.id || '';
  const select = (
    <label>
      Cemitério
      <select
        value={chosen}
        onChange={(e) => {
          setCemiterioId(e.target.value);
          onChange();
        }}
      >
        {(cemeteries ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </select>
    </label>
  );
  return { chosen, select };
}
