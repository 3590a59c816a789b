/** The notice of an abandonment case e-mailed to the titular (pt-BR, the app's mail layout). */
import { formatBrDate } from '../../../src/domain/burial-dates';
import type { OutgoingMail } from '../../lib/mailer';
import { renderMail } from '../users/public';

export interface NoticeGrave {
  cemiterio: string;
  quadra: string;
  rua: string | null;
  numero: string;
}

export function noticeMail(
  to: string,
  titular: string | null,
  g: NoticeGrave,
  data: string,
  prazoDias: number,
  nota: string | null,
): OutgoingMail {
  const place = [`quadra ${g.quadra}`, g.rua, `número ${g.numero}`].filter(Boolean).join(', ');
  return renderMail({
    to,
    subject: `Notificação: sepultura em processo de comisso — ${g.cemiterio}`,
    greetingName: titular ?? 'titular',
    paragraphs: [
      `A administração do ${g.cemiterio} abriu um processo de comisso (abandono) da sepultura da ${place}, da qual você consta como titular da concessão.`,
      `Esta notificação foi emitida em ${formatBrDate(data)}. Depois da última notificação ou edital, há um prazo de ${prazoDias} dias para que o titular se manifeste; terminado o prazo sem resposta, a sepultura pode ser retomada pelo município.`,
      ...(nota ? [nota] : []),
    ],
    after: [
      'Para manter a concessão, procure a administração do cemitério com um documento com foto, ou faça o recadastramento pela página da sepultura no Memorial, se houver campanha aberta.',
    ],
  });
}
