/** Mounted once at the root: keeps a visit pack current (src/data/sync/auto-sync.ts says when). */
import { useEffect } from 'react';
import { startAutoSync } from '../../data/sync/auto-sync';

export function AutoSync() {
  useEffect(() => startAutoSync(), []);
  return null;
}
