/**
 * The room of the cemetery choice while the cemetery list loads: the same boxes, invisible and
 * hidden from assistive technology, so the choice appears in place instead of pushing the
 * page down (CLS ≤ 0.05, docs/decisions.md). In the first load (the visitor's form on /login
 * is in it), so it carries no text.
 */
import './cemetery-choice-style.css';

export function CemeteryChoiceSlot() {
  return (
    <div className="ui-cemetery-choice ui-cemetery-choice-slot" aria-hidden="true">
      <span className="ui-cemetery-choice-label">&nbsp;</span>
      <select disabled tabIndex={-1} />
    </div>
  );
}
