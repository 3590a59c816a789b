/** "Anterior · Página n de N · Próxima" under a paged list; nothing when there is one page. */
export function Pager({
  page,
  pages,
  onPage,
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label="Páginas">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button
        type="button"
        className="btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Próxima
      </button>
    </nav>
  );
}
