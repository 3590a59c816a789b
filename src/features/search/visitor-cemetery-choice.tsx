/**
 * The cemetery choice of the visitor's search form, loaded lazily (its list request and code
 * stay off the app's boot chunk, which every first visit pays). Shown only with several
 * cemeteries; a remembered choice that no longer exists (merged away) is forgotten.
 */
import { useEffect } from 'react';
import { chooseCemetery, expectSeveral, narrowingOf, useCemeteries } from '../../data/cemeteries';
import { usePublicData } from '../../data/public-data';
import { CemeteryChoice } from '../../ui/cemetery-choice';

interface Props {
  value: string | null;
  onChange: (id: string | null) => void;
  /** Read and keep the device's copy (false on /login and /register: no Dexie there). */
  device: boolean;
}

export default function VisitorCemeteryChoice({ value, onChange, device }: Props) {
  const { list } = useCemeteries({ device });
  // Room kept for the choice until the list comes: as the server knew it, on a page it rendered.
  const page = usePublicData();
  const reserve =
    page?.kind === 'search' || page?.kind === 'login' ? page.several : expectSeveral();
  const valid = narrowingOf(list, value);
  useEffect(() => {
    if (list && value && !valid) chooseCemetery(null);
  }, [list, value, valid]);
  return <CemeteryChoice cemeteries={list} value={valid} onChange={onChange} reserve={reserve} />;
}
