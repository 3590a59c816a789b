/**
 * /api/admin/backups: the server's backups (docs/backups.md). Server schemas and the admin
 * screen's types.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './common';

/** The archives' names: made by the server, nothing else is listed or served. */
export const BACKUP_NAME_PATTERN = '^memorial-[0-9]{8}-[0-9]{6}\\.tar$';

export const BackupStepSchema = Type.Union([
  Type.Literal('banco'),
  Type.Literal('imagens'),
  Type.Literal('gravando'),
]);

export const BackupFileSchema = Type.Object({
  name: Type.String(),
  bytes: Type.Integer(),
  createdAt: Type.String(),
});

export const BackupStatusSchema = Type.Object({
  /** BACKUP_DIR is set: the daily backup runs and the button works. */
  configured: Type.Boolean(),
  keep: Type.Integer(),
  /** When the next daily backup starts (ISO), or null when off. */
  nextAt: Nullable(Type.String()),
  running: Type.Boolean(),
  step: Nullable(BackupStepSchema),
  done: Type.Integer(),
  total: Type.Integer(),
  startedAt: Nullable(Type.String()),
  last: Nullable(
    Type.Object({
      ok: Type.Boolean(),
      finishedAt: Type.String(),
      name: Nullable(Type.String()),
      message: Nullable(Type.String()),
    }),
  ),
  backups: Type.Array(BackupFileSchema),
});

export const BackupNameParamsSchema = Type.Object(
  { name: Type.String({ pattern: BACKUP_NAME_PATTERN, maxLength: 40 }) },
  { additionalProperties: false },
);

export type BackupStatus = Static<typeof BackupStatusSchema>;
export type BackupFile = Static<typeof BackupFileSchema>;
export type BackupStep = Static<typeof BackupStepSchema>;
