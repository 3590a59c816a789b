/**
 * The pt-BR e-mails of the account flows, each as plain text and HTML. Anything a person typed
 * (their name, an address) is HTML-escaped: a name like <img src=x> must stay text.
 */
import type { OutgoingMail } from '../../lib/mailer';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailLayout {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  after: string[];
}

/** Any of the app's e-mails in its one layout (other modules' notices use it too). */
export function renderMail(l: MailLayout): OutgoingMail {
  const greeting = `Olá, ${l.greetingName.trim()}!`;
  const text = [
    greeting,
    '',
    ...l.paragraphs.flatMap((p) => [p, '']),
    ...(l.action ? [`${l.action.label}: ${l.action.link}`, ''] : []),
    ...l.after.flatMap((p) => [p, '']),
    '— Memorial',
  ].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const button = l.action
    ? `<p><a href="${escapeHtml(l.action.link)}" style="display:inline-block;padding:10px 18px;background:#2f4f4f;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(l.action.label)}</a></p>
<p style="font-size:12px;color:#555">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(l.action.link)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
${p(greeting)}
${l.paragraphs.map(p).join('\n')}
${button}
${l.after.map(p).join('\n')}
<p>— Memorial</p>
</body></html>`;
  return {
    to: l.to,
    subject: l.subject,
    text,
    html,
    ...(l.action ? { link: l.action.link } : {}),
  };
}

export function verificationMail(
  to: string,
  name: string,
  link: string,
  hours: number,
): OutgoingMail {
  return renderMail({
    to,
    subject: 'Confirme seu e-mail — Memorial',
    greetingName: name,
    paragraphs: [
      `Recebemos um pedido para usar este endereço (${to}) numa conta do Memorial.`,
      'Para confirmar o e-mail, abra o link abaixo:',
    ],
    action: { label: 'Confirmar e-mail', link },
    after: [
      `O link vale por ${hours} horas e pode ser usado uma única vez.`,
      'Se você não fez esse pedido, ignore esta mensagem.',
    ],
  });
}

export function resetMail(to: string, name: string, link: string, minutes: number): OutgoingMail {
  return renderMail({
    to,
    subject: 'Recuperação de senha — Memorial',
    greetingName: name,
    paragraphs: [
      'Recebemos um pedido para redefinir a senha da sua conta no Memorial.',
      'Para escolher uma nova senha, abra o link abaixo:',
    ],
    action: { label: 'Redefinir senha', link },
    after: [
      `O link vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Se você não pediu a recuperação, ignore esta mensagem: sua senha continua a mesma.',
    ],
  });
}

/** Sent to the old address when a change is asked: the owner learns of a hijack attempt. */
export function emailChangeNotice(to: string, name: string, newEmail: string): OutgoingMail {
  return renderMail({
    to,
    subject: 'Pedido de alteração de e-mail — Memorial',
    greetingName: name,
    paragraphs: [
      `Foi pedida a troca do e-mail da sua conta no Memorial para ${newEmail}.`,
      'A troca só vale depois que o novo endereço for confirmado; até lá, este continua sendo o seu e-mail de acesso.',
    ],
    after: [
      'Se não foi você, altere sua senha (use "Esqueci a senha" na tela de login) e avise a administração do cemitério.',
    ],
  });
}

/**
 * Sent to the owner when someone registers with their e-mail or CPF: the public answer is the
 * same as for a new account (docs/decisions.md "Registration"), so the owner hears of it here instead.
 */
export function registrationAttemptMail(
  to: string,
  name: string,
  what: 'email' | 'cpf',
  link: string,
  minutes: number,
): OutgoingMail {
  const used = what === 'email' ? `o seu e-mail (${to})` : 'o seu CPF';
  return renderMail({
    to,
    subject: 'Tentativa de cadastro com seus dados — Memorial',
    greetingName: name,
    paragraphs: [
      `Alguém tentou criar uma nova conta no Memorial usando ${used}, que já pertence à sua conta. Nenhuma conta nova foi criada.`,
      'Se foi você e não lembra a senha, escolha uma nova pelo link abaixo:',
    ],
    action: { label: 'Redefinir senha', link },
    after: [
      `O link vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Se não foi você, ignore esta mensagem: nada mudou na sua conta.',
    ],
  });
}
