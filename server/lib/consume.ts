/**
 * The rows of a page, each handed out once and then dropped from the array (which ends empty),
 * so the driver's row objects can be collected while the answer's objects are made from them:
 * a page (up to 2,000 records for the sync, more for the visit pack) is never held as two
 * whole sets of objects at once (docs/decisions/0031-consumed-pages.md).
 */
export function* consume<T>(rows: (T | undefined)[]): Generator<T> {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    rows[i] = undefined;
    if (row !== undefined) yield row;
  }
  rows.length = 0;
}
