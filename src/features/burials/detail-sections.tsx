/**
 * The detail page's data sections (spec §2, display defaults of spec §3): "Dados Pessoais",
 * "Dados da Sepultura", "Epitáfio". A row holding only card fields (seen in a list, never
 * opened with signal) shows what it has and says the rest comes with the signal, rather
 * than claiming dates are unknown.
 */
import type { ShownBurial } from '../../data/burials';
import {
  DISPLAY,
  displayDate,
  displayEpitafio,
  displayIdade,
  displayText,
} from '../../domain/burial-display';
import { formatCoordinate } from '../../domain/geo';
import { TEXT } from '../../lib/texts/burial-texts';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="burial-data-item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function coordinates(row: ShownBurial): string {
  if (row.latitude == null || row.longitude == null) return DISPLAY.unknownInfo;
  return `${formatCoordinate(row.latitude)}, ${formatCoordinate(row.longitude)}`;
}

export function DetailSections({ row }: { row: ShownBurial }) {
  const grave = (
    <section className="page detail-section" aria-labelledby="dados-sepultura">
      <h2 id="dados-sepultura">Dados da Sepultura</h2>
      <dl className="burial-data-list">
        {row.full && <Item label="Cemitério" value={displayText(row.cemiterio)} />}
        <Item label="Rua" value={displayText(row.rua)} />
        <Item label="Quadra" value={displayText(row.quadra)} />
        <Item label="Placa" value={displayText(row.chapa)} />
        {row.full && <Item label="Tipo de sepultura" value={displayText(row.tipoSepultura)} />}
        {row.full && <Item label="Localização (lat., long.)" value={coordinates(row)} />}
      </dl>
    </section>
  );
  if (!row.full) {
    return (
      <>
        {grave}
        <p className="muted burial-detail-partial">{TEXT.partialOffline}</p>
      </>
    );
  }
  return (
    <>
      <section className="page detail-section" aria-labelledby="dados-pessoais">
        <h2 id="dados-pessoais">Dados Pessoais</h2>
        <dl className="burial-data-list">
          <Item label="Nome" value={displayText(row.nome)} />
          <Item label="Idade" value={displayIdade(row.idade)} />
          <Item label="Data de nascimento" value={displayDate(row.dtNasc)} />
          <Item label="Data de falecimento" value={displayDate(row.dtFal)} />
          <Item label="Naturalidade" value={displayText(row.nacionalidade)} />
          <Item label="Mãe" value={displayText(row.mae)} />
          <Item label="Pai" value={displayText(row.pai)} />
        </dl>
      </section>
      {grave}
      <section className="page detail-section" aria-labelledby="epitafio">
        <h2 id="epitafio">Epitáfio</h2>
        <blockquote className="burial-epitaph">{displayEpitafio(row.epitafio)}</blockquote>
      </section>
    </>
  );
}
