/**
 * A concession's documents on the grave page: the list for whoever sees the concession (admins
 * and the titular's own account), and for admins the form that attaches one and a remove
 * button per document. A document is behind the sign-in, which a plain link cannot carry: it is
 * fetched with it and opened as an object URL, in a tab opened on the click itself (a tab opened
 * after the wait would be taken for a pop-up). Attaching and removing are office work: without
 * signal they say so and keep what was typed.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import {
  attachConcessionDocument,
  concessionDocumentUrl,
  removeConcessionDocument,
} from '../../data/graves';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  DOCUMENT_TITLES,
  documentFileName,
} from '../../domain/concession-documents';
import type { ConcessionDocument } from '../../domain/concession-types';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import '../../ui/file-chooser.css';

type Problem = { message: string; field?: string } | null;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const kindText = (mime: ConcessionDocument['mime']) =>
  mime === 'application/pdf' ? 'PDF' : 'imagem';

function problemOf(
  err: unknown,
  fallback: string,
  offline: string = DOCUMENT_MSG.needsSignal,
): Problem {
  if (err instanceof ApiFailure) {
    if (err.offline) return { message: offline };
    return { message: err.message, ...(err.field ? { field: err.field } : {}) };
  }
  return { message: fallback };
}

export function ConcessionDocuments({
  concessionId,
  documents,
  manage,
  onChange,
}: {
  concessionId: string;
  documents: ConcessionDocument[];
  manage: boolean;
  onChange: () => void;
}) {
  const flash = useFlash();
  const headingId = useId();
  const [problem, setProblem] = useState<Problem>(null);
  const [ready, setReady] = useState<Record<string, string>>({});
  const urls = useRef<string[]>([]);
  // The object URLs live as long as the page: the opened tab may read its document again.
  useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  async function open(doc: ConcessionDocument) {
    setProblem(null);
    const tab = window.open('', '_blank');
    try {
      const url = ready[doc.id] ?? (await concessionDocumentUrl(concessionId, doc.id));
      if (!ready[doc.id]) {
        urls.current.push(url);
        setReady((r) => ({ ...r, [doc.id]: url }));
      }
      if (tab) tab.location.href = url;
    } catch (err) {
      tab?.close();
      setProblem(problemOf(err, DOCUMENT_MSG.openFailed, DOCUMENT_MSG.openNeedsSignal));
    }
  }

  async function remove(doc: ConcessionDocument) {
    if (!window.confirm(`Remover o documento "${doc.titulo}"? O arquivo será apagado.`)) return;
    setProblem(null);
    if (!navigator.onLine) {
      setProblem({ message: DOCUMENT_MSG.needsSignal });
      return;
    }
    try {
      await removeConcessionDocument(concessionId, doc.id);
      flash.success(DOCUMENT_MSG.removed);
      onChange();
    } catch (err) {
      setProblem(problemOf(err, 'Não foi possível remover o documento.'));
    }
  }

  if (!manage && documents.length === 0) return null;
  return (
    <section className="grave-docs" aria-labelledby={headingId}>
      <h3 id={headingId}>Documentos</h3>
      {documents.length === 0 ? (
        <p className="muted">Nenhum documento anexado.</p>
      ) : (
        <ul className="grave-docs-list">
          {documents.map((d) => (
            <li key={d.id}>
              <button type="button" className="grave-docs-open" onClick={() => void open(d)}>
                {d.titulo}
              </button>
              <span className="muted">
                {kindText(d.mime)} · {sizeText(d.bytes)}
              </span>
              {ready[d.id] && (
                <a
                  href={ready[d.id]}
                  target="_blank"
                  rel="noreferrer"
                  download={documentFileName(d.titulo, d.mime)}
                >
                  Baixar<span className="visually-hidden"> {d.titulo}</span>
                </a>
              )}
              {manage && (
                <button type="button" className="btn btn-danger" onClick={() => void remove(d)}>
                  Remover<span className="visually-hidden"> {d.titulo}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="form-alert" role="alert">
          {problem.message}
        </p>
      )}
      {manage && <AttachForm concessionId={concessionId} onDone={onChange} />}
    </section>
  );
}

function AttachForm({ concessionId, onDone }: { concessionId: string; onDone: () => void }) {
  const flash = useFlash();
  const ids = useId();
  const [titulo, setTitulo] = useState('');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  // A new key empties the file input after a document is attached.
  const [round, setRound] = useState(0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!titulo.trim())
      return setProblem({ message: DOCUMENT_MSG.tituloRequired, field: 'titulo' });
    if (!arquivo) return setProblem({ message: DOCUMENT_MSG.fileRequired, field: 'arquivo' });
    if (arquivo.size > DOCUMENT_LIMITS.maxBytes) {
      return setProblem({ message: DOCUMENT_MSG.tooLarge, field: 'arquivo' });
    }
    if (!navigator.onLine) return setProblem({ message: DOCUMENT_MSG.needsSignal });
    setBusy(true);
    try {
      await attachConcessionDocument(concessionId, { titulo, arquivo });
      setTitulo('');
      setArquivo(null);
      setRound((n) => n + 1);
      flash.success(DOCUMENT_MSG.added);
      onDone();
    } catch (err) {
      setProblem(problemOf(err, 'Não foi possível anexar o documento.'));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) => (problem?.field === field ? problem.message : null);
  return (
    <form className="grave-docs-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h4>Anexar documento</h4>
      <FormField
        id={`${ids}-titulo`}
        label="Título do documento"
        name="titulo"
        value={titulo}
        maxLength={DOCUMENT_LIMITS.titulo}
        list={`${ids}-titulos`}
        onChange={(e) => setTitulo(e.target.value)}
        error={fieldError('titulo')}
      />
      <datalist id={`${ids}-titulos`}>
        {DOCUMENT_TITLES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <FormField
        key={round}
        id={`${ids}-arquivo`}
        label="Arquivo (PDF ou imagem, até 10 MB)"
        name="arquivo"
        type="file"
        accept={DOCUMENT_ACCEPT}
        onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
        error={fieldError('arquivo')}
        chooser={{
          button: 'Escolher arquivo',
          chosen: arquivo ? arquivo.name : 'Nenhum arquivo escolhido',
        }}
      />
      {problem && !problem.field && (
        <p className="form-alert" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Anexar documento'}
      </button>
    </form>
  );
}
