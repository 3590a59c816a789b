/**
 * The plan of a record's cemetery as the map draws it: the stored metadata and an object URL of
 * the stored image Blob, read live from Dexie so a plan stored by precachePlan() or the visit
 * pack appears without a reload. The URL is made once per image name (names are never reused)
 * and revoked when the image changes or the map closes: a re-read of the same row must not make
 * Leaflet reload the overlay. `cemiterio`: the cemetery's id (plan-cemetery.ts), null for the
 * first cemetery's plan, undefined while not known (nothing drawn yet).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { type PlanMeta, readStoredPlan } from './plan-offline';

export interface DrawablePlan {
  plan: PlanMeta;
  url: string;
}

export function useStoredPlan(cemiterio: string | null | undefined): DrawablePlan | null {
  const stored = useLiveQuery(
    async () => (cemiterio === undefined ? null : readStoredPlan(cemiterio)),
    [cemiterio],
  );
  const image = stored?.plan.image ?? null;
  const blob = useRef<Blob | null>(null);
  blob.current = stored?.blob ?? null;
  const [made, setMade] = useState<{ image: string; url: string } | null>(null);

  useEffect(() => {
    if (!image || !blob.current) {
      setMade(null);
      return;
    }
    const url = URL.createObjectURL(blob.current);
    setMade({ image, url });
    return () => URL.revokeObjectURL(url);
  }, [image]);

  return stored && made?.image === stored.plan.image ? { plan: stored.plan, url: made.url } : null;
}
