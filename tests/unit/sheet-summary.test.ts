/** The spreadsheet screen's count sentences: every number agrees with its noun in pt-BR. */
import { describe, expect, it } from 'vitest';
import type { SheetImportResult, SheetPreview } from '../../src/domain/spreadsheet-types';
import { previewSummary, resultSummary } from '../../src/features/spreadsheets/sheet-summary';

const preview = (counts: Partial<SheetPreview>): SheetPreview => ({
  colunas: [],
  total: 0,
  validas: 0,
  criar: 0,
  atualizar: 0,
  recusadas: 0,
  existentes: 0,
  repetidas: 0,
  faltando: [],
  linhas: [],
  comErro: [],
  segundos: 0,
  ...counts,
});

describe('spreadsheet summaries', () => {
  it('one row, one new record: singular everywhere it is one', () => {
    expect(previewSummary(preview({ total: 1, validas: 1, criar: 1 }))).toBe(
      '1 linha: 1 válida (1 novo, 0 atualizações) e 0 com erro.',
    );
    expect(
      previewSummary(preview({ total: 3, validas: 2, criar: 1, atualizar: 1, recusadas: 1 })),
    ).toBe('3 linhas: 2 válidas (1 novo, 1 atualização) e 1 com erro.');
  });

  it('names the rows already in the register and the repeated ones only when there are some', () => {
    expect(previewSummary(preview({ total: 4, existentes: 3, repetidas: 1 }))).toBe(
      '4 linhas: 0 válidas (0 novos, 0 atualizações), 3 já cadastradas, 1 repetida na planilha e 0 com erro.',
    );
    const result: SheetImportResult = {
      tipo: 'resultado',
      total: 2,
      criados: 0,
      atualizados: 0,
      iguais: 0,
      existentes: 2,
      repetidas: 0,
      recusados: 0,
      relatorio: '',
    };
    expect(resultSummary(result)).toBe(
      'Importação concluída: 0 registros criados, 0 atualizados, 0 sem mudança, 2 já cadastrados e 0 linhas recusadas.',
    );
    expect(resultSummary({ ...result, criados: 1, existentes: 0 })).toBe(
      'Importação concluída: 1 registro criado, 0 atualizados, 0 sem mudança e 0 linhas recusadas.',
    );
  });
});
