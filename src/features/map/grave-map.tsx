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
import { useEffect, useId, useRef, useState } from 'react';
import {
  Circle,
  CircleMarker,
  ImageOverlay,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  useMap,
} from 'react-leaflet';
import type { DrawablePlan } from '../../data/plan';
import { distanceMeters, type LatLng } from '../../domain/geo';
import { MapControls } from './map-controls';
import { MAP_A11Y } from './map-texts';
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

/**
 * What Leaflet leaves out for keyboard and screen-reader users: the map's container gets a
 * role and a name (react-leaflet hands aria-* props to Leaflet's options, not to the element),
 * the marker a name, the popup's close button a pt-BR name; Escape closes an open popup from
 * anywhere in the map (Leaflet only listens while the container itself has focus) and gives
 * focus back to the marker, so it is never lost with the popup.
 */
function MapAccess({ nome, hintId }: { nome: string; hintId: string }) {
  const map = useMap();
  useEffect(() => {
    const box = map.getContainer();
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', MAP_A11Y.region(nome));
    box.setAttribute('aria-describedby', hintId);
    const markerEl = () => box.querySelector<HTMLElement>('.map-grave-marker');
    let open = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      event.preventDefault();
      map.closePopup();
      markerEl()?.focus();
    };
    const onOpen = (event: L.PopupEvent) => {
      open = true;
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', MAP_A11Y.closePopup);
      close?.setAttribute('title', MAP_A11Y.closePopup);
    };
    const onClose = () => {
      open = false;
    };
    box.addEventListener('keydown', onKey);
    map.on('popupopen', onOpen);
    map.on('popupclose', onClose);
    return () => {
      box.removeEventListener('keydown', onKey);
      map.off('popupopen', onOpen);
      map.off('popupclose', onClose);
    };
  }, [map, nome, hintId]);
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
  const hintId = useId();
  const [map, setMap] = useState<L.Map | null>(null);
  return (
    <>
      <MapContainer
        ref={setMap}
        className="map-grave"
        center={[grave.lat, grave.lng]}
        zoom={18}
        maxZoom={MAX_ZOOM}
        scrollWheelZoom={false}
        // The buttons under the map zoom (MapControls); Leaflet's would be a second pair.
        zoomControl={false}
      >
        <MapAccess nome={nome} hintId={hintId} />
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
        <Marker
          position={[grave.lat, grave.lng]}
          icon={graveIcon}
          title={MAP_A11Y.marker(nome)}
          eventHandlers={{
            // Leaflet makes the marker a focusable role="button"; its name is said, not only
            // shown as a tooltip.
            add: (event) =>
              (event.target as L.Marker)
                .getElement()
                ?.setAttribute('aria-label', MAP_A11Y.marker(nome)),
          }}
        >
          <Popup>{MAP_A11Y.marker(nome)}</Popup>
        </Marker>
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
      <p id={hintId} className="muted map-small">
        {MAP_A11Y.hint}
      </p>
      <MapControls map={map} grave={grave} />
    </>
  );
}
