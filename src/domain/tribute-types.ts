/** Tribute (homenagem) shapes on the wire (issue 5), shared by the client and the server. */

/** The author as anyone may see them: a name and an avatar file, nothing that identifies. */
export interface TributeAuthor {
  _id: string;
  id: string;
  name: string;
  /** Avatar file name under /api/images/users/, or null. */
  image: string | null;
}

/** One tribute, as listed and as answered by POST (spec §3 "Comment"). */
export interface TributeItem {
  _id: string;
  id: string;
  sepultadoId: string;
  /** null when the tribute has no author or the author's account was deleted. */
  user: TributeAuthor | null;
  /** The author's name, "Anônimo" without an author, "Usuário removido" after a deletion. */
  autor: string;
  autorImage: string | null;
  texto: string;
  /** Photo file name under /api/images/comentarios/ (≤ 1600 px), or null. */
  imagem: string | null;
  /** Its thumbnail (≤ 320 px) in the same folder, or null. */
  imagemThumb: string | null;
  emojis: string[];
  /** ISO 8601 with milliseconds, UTC. */
  createdAt: string;
}

/** GET /api/sepultados/:id/comentarios */
export interface TributeList {
  items: TributeItem[];
  hasMore: boolean;
  /** Live tributes of the record right now (not limited to the anchored snapshot). */
  total: number;
  /** Pass as `before` to get the next older page; null when there is nothing more. */
  nextCursor: string | null;
  /** Id of the newest tribute of the snapshot; pass it back as `anchor` with `page`. */
  anchor: string | null;
}
