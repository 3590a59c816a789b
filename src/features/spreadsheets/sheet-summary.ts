/**
 * The sentences of the spreadsheet screen's counts, each number agreeing with its noun in pt-BR
 * ("1 válida (1 novo, 0 atualizações)"); rows already in the register or repeated in the sheet
 * are named only when there are some.
 */
import type { SheetImportResult, SheetPreview } from '../../domain/spreadsheet-types';

export function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/**
 * "3 linhas: 1 válida (1 novo, 0 atualizações), 2 já cadastradas e 0 com erro." — each count
 * agrees with its noun; rows already in the register or repeated are named only when present.
 */
export function previewSummary(p: SheetPreview): string {
  const parts = [
    `${plural(p.validas, 'válida', 'válidas')} (${plural(p.criar, 'novo', 'novos')}, ${plural(p.atualizar, 'atualização', 'atualizações')})`,
  ];
  if (p.existentes > 0) parts.push(plural(p.existentes, 'já cadastrada', 'já cadastradas'));
  if (p.repetidas > 0)
    parts.push(plural(p.repetidas, 'repetida na planilha', 'repetidas na planilha'));
  parts.push(plural(p.recusadas, 'com erro', 'com erro'));
  const last = parts.pop();
  return `${plural(p.total, 'linha', 'linhas')}: ${parts.join(', ')} e ${last}.`;
}

export function resultSummary(r: SheetImportResult): string {
  const parts = [
    plural(r.criados, 'registro criado', 'registros criados'),
    plural(r.atualizados, 'atualizado', 'atualizados'),
    plural(r.iguais, 'sem mudança', 'sem mudança'),
  ];
  if (r.existentes > 0) parts.push(plural(r.existentes, 'já cadastrado', 'já cadastrados'));
  if (r.repetidas > 0) parts.push(plural(r.repetidas, 'linha repetida', 'linhas repetidas'));
  parts.push(plural(r.recusados, 'linha recusada', 'linhas recusadas'));
  const last = parts.pop();
  return `Importação concluída: ${parts.join(', ')} e ${last}.`;
}
