/**
 * A value made on its first use, once, however many ask at the same time: a package loaded with
 * `import()`, or a pool or a transport built from one. What a server may never use is then not
 * loaded at start (docs/decisions/0180-idle-memory.md).
 */
export interface OnFirstUse<T> {
  get(): Promise<T>;
  /** The value if something asked for it, else null: closing it need not make it first. */
  made(): Promise<T> | null;
}

export function onFirstUse<T>(make: () => Promise<T>): OnFirstUse<T> {
  let made: Promise<T> | null = null;
  return { get: () => (made ??= make()), made: () => made };
}
