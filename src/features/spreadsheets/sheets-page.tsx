/**
 * /admin/planilhas (admins): the register in and out as spreadsheets (docs/decisions.md
 * "Spreadsheets"). Export: CSV or XLSX of every record. Import: choose a file → the server's
 * preview (columns matched to fields, changeable; every row checked by the form's rules; errors
 * on their cells) → "Importar N registros válidos" → progress → the result, with the refused
 * rows' report to download. The file is sent again with the confirmed mapping: the server
 * keeps nothing between the preview and the import.
 */
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { downloadRegister, importSheet, previewSheet } from '../../data/spreadsheets';
import {
  SHEET_FIELDS,
  SHEET_HEADERS,
  type SheetField,
  type SheetMapping,
} from '../../domain/spreadsheet';
import type {
  SheetFormat,
  SheetImportResult,
  SheetPreview,
  SheetPreviewRow,
} from '../../domain/spreadsheet-types';
import '../../ui/file-chooser.css';
import { saveBlob } from '../../lib/save-blob';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { plural, previewSummary, resultSummary } from './sheet-summary';
import './sheets.css';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiFailure ? err.message : fallback;

function RowLine({ row, mapping }: { row: SheetPreviewRow; mapping: SheetMapping }) {
  const width = mapping.length;
  // Errors of fields with no column (a required field not mapped) go to the last cell.
  const loose = Object.entries(row.erros).filter(([f]) => !mapping.includes(f as SheetField));
  return (
    <tr className={row.acao === 'recusar' ? 'row-refused' : undefined}>
      <th scope="row">{row.linha}</th>
      {Array.from({ length: width }, (_, i) => {
        const field = mapping[i];
        const error = field ? row.erros[field] : undefined;
        const value = row.valores[i] ?? '';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
          <td key={i} className={error ? 'cell-error' : undefined}>
            {value}
            {error && <span className="cell-message">{error}</span>}
          </td>
        );
      })}
      <td>
        {loose.map(([f, m]) => (
          <span key={f} className="cell-message">
            {SHEET_HEADERS[f as SheetField] ?? f}: {m}
          </span>
        ))}
        {row.acao === 'atualizar' && 'Atualiza o registro'}
        {row.acao === 'criar' && 'Novo registro'}
        {row.acao === 'existente' && 'Já cadastrado: não será gravado de novo'}
        {row.acao === 'repetida' && `Repete a linha ${row.repete ?? ''}: gravada uma vez`}
      </td>
    </tr>
  );
}

function PreviewTable({
  preview,
  mapping,
  onMap,
  disabled,
}: {
  preview: SheetPreview;
  mapping: SheetMapping;
  onMap: (column: number, field: SheetField | null) => void;
  disabled: boolean;
}) {
  const refusedLines = new Set(preview.comErro.map((r) => r.linha));
  const firstOk = preview.linhas.filter((r) => !refusedLines.has(r.linha));
  return (
    <>
      {/* Outside the scrolling box: as a caption it took the table's width and was cut off. */}
      <p id="sheet-table-note" className="muted small">
        Linhas com erro primeiro (até {preview.comErro.length}), depois as primeiras linhas da
        planilha.
      </p>
      <div className="sheet-table-wrap">
        <table className="sheet-table" aria-describedby="sheet-table-note">
          <thead>
            <tr>
              <th scope="col">Linha</th>
              {preview.colunas.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <th scope="col" key={i}>
                  <span>{c.cabecalho || `(coluna ${i + 1})`}</span>
                  <br />
                  <select
                    aria-label={`Campo da coluna ${c.cabecalho || i + 1}`}
                    value={mapping[i] ?? ''}
                    disabled={disabled}
                    onChange={(e) => onMap(i, (e.target.value || null) as SheetField | null)}
                  >
                    <option value="">(ignorar)</option>
                    {SHEET_FIELDS.map((f) => (
                      <option key={f} value={f}>
                        {SHEET_HEADERS[f]}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {[...preview.comErro, ...firstOk].map((row) => (
              <RowLine key={row.linha} row={row} mapping={mapping} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default function SheetsPage() {
  const flash = useFlash();
  const [busy, setBusy] = useState<'export' | 'preview' | 'import' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [mapping, setMapping] = useState<SheetMapping>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<SheetImportResult | null>(null);
  const [fileKey, setFileKey] = useState(0);

  async function exportAs(format: SheetFormat) {
    setBusy('export');
    try {
      const blob = await downloadRegister(format);
      saveBlob(blob, `sepultados-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (err) {
      flash.error(messageOf(err, 'Não foi possível exportar a planilha.'));
    } finally {
      setBusy(null);
    }
  }

  async function runPreview(chosen: File, map: SheetMapping | null) {
    setBusy('preview');
    setProblem(null);
    try {
      const p = await previewSheet(chosen, map);
      setPreview(p);
      setMapping(p.colunas.map((c) => c.campo));
    } catch (err) {
      setPreview(null);
      setProblem(messageOf(err, 'Não foi possível ler a planilha.'));
    } finally {
      setBusy(null);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setResult(null);
    setProgress(null);
    setPreview(null);
    if (chosen) void runPreview(chosen, null);
  }

  function remap(column: number, field: SheetField | null) {
    if (!file) return;
    // A field goes to one column: choosing it here frees it elsewhere.
    const next = mapping.map((f, i) => (i === column ? field : f === field ? null : f));
    setMapping(next);
    void runPreview(file, next);
  }

  async function runImport() {
    if (!file || !preview) return;
    setBusy('import');
    setProblem(null);
    setProgress({ done: 0, total: preview.validas });
    try {
      const r = await importSheet(file, mapping, (done, total) => setProgress({ done, total }));
      setResult(r);
      setPreview(null);
      setFile(null);
      setFileKey((k) => k + 1);
      flash.success('Importação concluída.');
    } catch (err) {
      setProblem(messageOf(err, 'Não foi possível importar a planilha.'));
    } finally {
      setBusy(null);
    }
  }

  const report = result && result.recusados > 0 ? result.relatorio : null;
  return (
    <section className="page sheets">
      <h1>Planilhas</h1>
      <p>
        <Link to="/sepultados/meumemorial">← Voltar ao gerenciamento</Link>
      </p>

      <h2>Exportar o cadastro</h2>
      <p className="muted">
        Todos os registros, com as colunas do formulário e as datas em DD/MM/AAAA. A coluna
        "Identificador" permite reimportar a planilha para corrigir registros sem duplicá-los.
      </p>
      <div className="sheet-actions">
        <button
          type="button"
          className="btn"
          disabled={busy !== null}
          onClick={() => exportAs('xlsx')}
        >
          Baixar XLSX (Excel)
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy !== null}
          onClick={() => exportAs('csv')}
        >
          Baixar CSV
        </button>
        {busy === 'export' && <span className="muted">Preparando o arquivo…</span>}
      </div>

      <h2>Importar uma planilha</h2>
      <p className="muted">
        CSV ou XLSX de até 20 MB, com os nomes das colunas na primeira linha. Nada é gravado antes
        da confirmação; as linhas com erro ficam de fora e podem ser baixadas num relatório. Uma
        linha com "Identificador" atualiza aquele registro; sem ele, cria um novo.
      </p>
      <FormField
        key={fileKey}
        label="Arquivo da planilha"
        name="sheet-file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={busy === 'import'}
        onChange={choose}
        chooser={{
          button: 'Escolher planilha',
          chosen: file ? file.name : 'Nenhuma planilha escolhida',
        }}
      />
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {busy === 'preview' && <p className="muted">Lendo e conferindo a planilha…</p>}

      {preview && (
        <>
          <p role="status">{previewSummary(preview)}</p>
          {preview.faltando.length > 0 && (
            <p className="form-alert">
              Nenhuma coluna ligada a: {preview.faltando.join(', ')}. Escolha a coluna de cada um
              nos seletores abaixo.
            </p>
          )}
          <PreviewTable
            preview={preview}
            mapping={mapping}
            onMap={remap}
            disabled={busy !== null}
          />
          <div className="sheet-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy !== null || preview.validas === 0}
              onClick={runImport}
            >
              Importar {plural(preview.validas, 'registro válido', 'registros válidos')}
            </button>
          </div>
        </>
      )}

      {busy === 'import' && progress && (
        <p>
          <label htmlFor="sheet-progress">
            Gravando: {progress.done.toLocaleString('pt-BR')} de{' '}
            {progress.total.toLocaleString('pt-BR')}
          </label>
          <br />
          <progress
            id="sheet-progress"
            className="sheet-progress"
            value={progress.done}
            max={Math.max(progress.total, 1)}
          />
        </p>
      )}

      {result && (
        <div role="status">
          <p>{resultSummary(result)}</p>
          {report && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                saveBlob(
                  new Blob([report], { type: 'text/csv;charset=utf-8' }),
                  'linhas-recusadas.csv',
                )
              }
            >
              Baixar relatório das linhas recusadas
            </button>
          )}
        </div>
      )}
    </section>
  );
}
