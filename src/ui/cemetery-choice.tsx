/**
 * The visitor's cemetery choice (a select): shown only with several cemeteries — with one,
 * nothing changes for the visitor. "Todos os cemitérios" is the empty value.
 */
import { useId } from 'react';
import { CEM_MSG } from '../domain/cemetery-messages';
import { CemeteryChoiceSlot } from './cemetery-choice-slot';

interface Props {
  cemeteries: readonly { id: string; nome: string }[] | null;
  value: string | null;
  onChange: (id: string | null) => void;
  className?: string;
  /** Keep the choice's room while the list is unknown (several cemeteries are expected). */
  reserve?: boolean;
}

export function CemeteryChoice({ cemeteries, value, onChange, className, reserve }: Props) {
  const id = useId();
  if (!cemeteries && reserve) return <CemeteryChoiceSlot />;
  if (!cemeteries || cemeteries.length < 2) return null;
  return (
    <div className={`ui-cemetery-choice ${className ?? ''}`.trim()}>
      <label htmlFor={id}>{CEM_MSG.chooseLabel}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{CEM_MSG.allCemeteries}</option>
        {cemeteries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </select>
    </div>
  );
}
