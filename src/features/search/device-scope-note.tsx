/**
 * Under the count of a search answered without signal: what was searched (every cemetery whose
 * pack is here, or only the records already seen on this phone) and, with no pack, the way to
 * download the cemetery — so "Nenhum resultado encontrado" is never read as "not buried here".
 */
import { Link } from 'react-router-dom';
import type { DeviceScope } from '../../data/search';
import { DEVICE_SEARCH_TEXT, scopeText } from '../../lib/texts/device-search-texts';

export function DeviceScopeNote({ scope }: { scope: DeviceScope }) {
  return (
    <div className="search-offline-note">
      <p>{scopeText(scope)}</p>
      {scope.packs.length === 0 && (
        <p>
          {DEVICE_SEARCH_TEXT.downloadWhy}{' '}
          <Link to="/offline">{DEVICE_SEARCH_TEXT.downloadLink}</Link>
        </p>
      )}
    </div>
  );
}
