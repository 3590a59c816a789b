/** How many of the person's writes are not on the server yet (asked before logging out). */
import { db } from '../db';

export async function unsentCount(userId: string): Promise<number> {
  const items = await db.outbox.where('state').anyOf('pending', 'sending', 'attention').toArray();
  return items.filter((i) => i.userId === userId).length;
}

export function logoutWarning(count: number): string {
  return `Você tem ${count} envio(s) ainda não recebidos pelo servidor. Eles ficam guardados neste aparelho e seguem quando você entrar de novo. Sair mesmo assim?`;
}
