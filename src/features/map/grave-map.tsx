/**
 * The Leaflet map of the detail page: the grave's marker, the cemetery plan drawn as
 * an image overlay from the Blob kept on the device, and — with "Como chegar" on — the person
 * with their accuracy circle. OpenStreetMap tiles are cached by the service worker as they are
 * viewed; offline, a tile never seen simply fails and leaves the plan and markers as they are.
 *
 * Markers are divIcons: Leaflet's default icon PNGs are looked up by a CSS path that bundlers
 * break, and a divIcon needs no image at all (nothing to miss offline).
 */
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import {
  Circle,
  CircleMarker,
  ImageOverlay,
  MapContainer,
  Marker,
  TileLayer,
  useMap,
} from 'react-leaflet';
import type { DrawablePlan } from '../../data/plan/use-stored-plan';
import { distanceMeters, type LatLng } from '../../domain/geo';
import type { Fix } from './use-position';
import 'leaflet/dist/leaflet.css';

const OSM_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** OSM serves tiles up to 19; past that Leaflet stretches them, which is fine over a plan. */
const MAX_ZOOM = 21;

const graveIcon = L.divIcon({
  className: 'map-grave-marker',
  html: '<span aria-hidden="true"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

/** Shows grave and person together once, when the first fix arrives (if they are close). */
function FitOnFirstFix({ grave, fix }: { grave: LatLng; fix: Fix | null }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (!fix || done.current) return;
    done.current = true;
    if (distanceMeters(fix, grave) > 3_000) return;
    map.fitBounds(L.latLngBounds([grave.lat, grave.lng], [fix.lat, fix.lng]), {
      padding: [40, 40],
      maxZoom: 19,
    });
  }, [fix, grave, map]);
  return null;
}

interface Props {
  grave: LatLng;
  nome: string;
  plan: DrawablePlan | null;
  fix: Fix | null;
  online: boolean;
}

export function GraveMap({ grave, nome, plan, fix, online }: Props) {
  const b = plan?.plan.bounds;
  return (
    <MapContainer
      className="map-grave"
      center={[grave.lat, grave.lng]}
      zoom={18}
      maxZoom={MAX_ZOOM}
      scrollWheelZoom={false}
      aria-label={`Mapa com a sepultura de ${nome}`}
    >
      {/* Kept offline too: tiles seen before come from the service worker's cache. */}
      <TileLayer
        url={OSM_URL}
        attribution={OSM_ATTRIBUTION}
        maxNativeZoom={19}
        maxZoom={MAX_ZOOM}
        crossOrigin="anonymous"
        // OSM's policy asks for a Referer; the site's own policy is no-referrer.
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {plan && b && (
        <ImageOverlay
          url={plan.url}
          bounds={[
            [b.south, b.west],
            [b.north, b.east],
          ]}
          className="map-plan-overlay"
          alt="Plano do cemitério"
          opacity={online ? 0.85 : 1}
        />
      )}
      <Marker position={[grave.lat, grave.lng]} icon={graveIcon} title={`Sepultura de ${nome}`} />
      {fix && (
        <>
          <Circle
            center={[fix.lat, fix.lng]}
            radius={fix.accuracy}
            pathOptions={{ color: '#1d6fd6', weight: 1, fillOpacity: 0.12 }}
          />
          <CircleMarker
            center={[fix.lat, fix.lng]}
            radius={7}
            className="map-person-marker"
            pathOptions={{ color: '#fff', weight: 2, fillColor: '#1d6fd6', fillOpacity: 1 }}
          />
        </>
      )}
      <FitOnFirstFix grave={grave} fix={fix} />
    </MapContainer>
  );
}
