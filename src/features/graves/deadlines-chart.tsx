/**
 * The month ahead on the deadlines page, for who would rather look than read: one stacked bar per
 * week (overdue first), each kind in its colour, the numbers always written beside the bar so
 * nothing is told by colour alone. A table underneath, so a screen reader reads the same.
 */

import type { DeadlineAnswer } from '../../data/graves';
import { formatBrDate } from '../../domain/burial-dates';
import { DEADLINE_KINDS, DEADLINE_LABEL } from '../../domain/deadline-rules';

type Week = NonNullable<DeadlineAnswer['mes']>[number];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekLabel(week: Week, hoje: string): string {
  if (week.semana < 0) return 'Vencidos';
  const start = addDays(hoje, week.semana * 7);
  const end = addDays(start, 6);
  return `${formatBrDate(start).slice(0, 5)}–${formatBrDate(end).slice(0, 5)}`;
}

const total = (w: Week) => DEADLINE_KINDS.reduce((sum, k) => sum + w[k], 0);

export function DeadlinesChart({ weeks, hoje }: { weeks: Week[]; hoje: string }) {
  const max = Math.max(1, ...weeks.map(total));
  return (
    <figure className="deadline-chart">
      <figcaption>O mês à frente, por semana</figcaption>
      <ul className="deadline-chart-legend" aria-hidden="true">
        {DEADLINE_KINDS.map((k) => (
          <li key={k}>
            <span className={`deadline-swatch deadline-${k}`} />
            {DEADLINE_LABEL[k]}
          </li>
        ))}
      </ul>
      <table>
        <thead>
          <tr>
            <th scope="col">Semana</th>
            <th scope="col">Itens</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.semana}>
              <th scope="row">{weekLabel(w, hoje)}</th>
              <td>
                <span className="deadline-bar" aria-hidden="true">
                  {DEADLINE_KINDS.filter((k) => w[k] > 0).map((k) => (
                    <span
                      key={k}
                      className={`deadline-${k}`}
                      style={{ width: `${(w[k] / max) * 100}%` }}
                    />
                  ))}
                </span>
                <span className="deadline-bar-total">{total(w)}</span>
                <span className="deadline-sr">
                  {DEADLINE_KINDS.filter((k) => w[k] > 0)
                    .map((k) => `: ${DEADLINE_LABEL[k]} ${w[k]}`)
                    .join(',')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
