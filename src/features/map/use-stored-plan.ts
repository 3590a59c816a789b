/**
 * The cemetery plan as the map draws it: the stored metadata and an object URL of the stored
 * image Blob (revoked when the image changes or the map closes), read live from Dexie so a plan
 * stored by precachePlan() appears without a reload.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { type PlanMeta, readStoredPlan } from './plan-offline';

export interface DrawablePlan {
  plan: PlanMeta;
  url: string;
}

export function useStoredPlan(): DrawablePlan | null {
  const stored = useLiveQuery(readStoredPlan, []);
  const [drawable, setDrawable] = useState<DrawablePlan | null>(null);

  useEffect(() => {
    if (!stored) {
      setDrawable(null);
      return;
    }
    const url = URL.createObjectURL(stored.blob);
    setDrawable({ plan: stored.plan, url });
    return () => URL.revokeObjectURL(url);
  }, [stored]);

  return drawable;
}
