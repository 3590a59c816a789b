/** How many of the person's writes are not on the server yet (asked before logging out). */
import { openDevice } from '../device/device-open';
import { unsentItems } from './outbox-queue';

export async function unsentCount(userId: string): Promise<number> {
  const { db } = await openDevice();
  return (await unsentItems(db, userId)).length;
}

export function logoutWarning(count: number): string {
  return `Você tem ${count} envio(s) ainda não recebidos pelo servidor. Eles ficam guardados neste aparelho e seguem quando você entrar de novo. Sair mesmo assim?`;
}
