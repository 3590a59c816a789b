/**
 * The admin's backup calls (docs/backups.md): the server's state and list, start one now, and
 * download one. Admin work that needs a connection: no copy is kept on the device.
 */
import type { BackupStatus } from '../../domain/schemas/backup';
import { api, toApiFailure } from '../api';

export const BACKUP_CALL_MSG = {
  loadError: 'Não foi possível consultar as cópias de segurança. Tente novamente.',
  startError: 'Não foi possível iniciar a cópia de segurança. Tente novamente.',
  downloadError: 'Não foi possível baixar a cópia de segurança. Tente novamente.',
} as const;

export async function backupStatus(): Promise<BackupStatus> {
  try {
    return await api.get('admin/backups').json<BackupStatus>();
  } catch (err) {
    throw await toApiFailure(err, BACKUP_CALL_MSG.loadError);
  }
}

export async function startBackup(): Promise<BackupStatus> {
  try {
    return await api.post('admin/backups').json<BackupStatus>();
  } catch (err) {
    throw await toApiFailure(err, BACKUP_CALL_MSG.startError);
  }
}

export async function downloadBackup(name: string): Promise<Blob> {
  try {
    return await api.get(`admin/backups/${encodeURIComponent(name)}`, { timeout: false }).blob();
  } catch (err) {
    throw await toApiFailure(err, BACKUP_CALL_MSG.downloadError);
  }
}
