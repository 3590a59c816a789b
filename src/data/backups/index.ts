/**
 * The backups' door (admin): start one, follow it, download the archive.
 */
export { backupStatus, downloadBackup, startBackup } from './backup-calls';
