/**
 * Date of a tribute as the spec shows timestamps: pt-BR, 24 h, "dd/MM/yyyy HH:mm" in the
 * device's time zone. Built from formatToParts so the output is exactly that shape, whatever
 * separator a browser's pt-BR data puts between date and time ("01/05/2025, 14:30" in some).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formatters.set(key, f);
  }
  return f;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * ISO timestamp → "dd/MM/yyyy HH:mm"; '' when the value is not a date. In the device's zone
 * (what the app asks) from Date's own fields: the first Intl.DateTimeFormat of a page loads the
 * locale's data, a long task on a phone while the record page's tributes first appear.
 */
export function formatTributeDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone === undefined) {
    return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
  }
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
