/**
 * Where the person faces, in degrees from north, from the best source there is:
 * 1. the compass: `deviceorientationabsolute` (Android Chrome) or `deviceorientation` with
 *    iOS's `webkitCompassHeading` — a plain relative `deviceorientation` alpha is not a north
 *    reference, so it is ignored;
 * 2. the direction of travel: the Geolocation `heading` while moving, else the bearing between
 *    two fixes far enough apart to be movement rather than GPS noise;
 * 3. none: the arrow is drawn relative to north and the screen says so.
 */
import { useEffect, useRef, useState } from 'react';
import { bearingDegrees, distanceMeters, normalizeDegrees } from '../../domain/geo';
import type { Fix } from './use-position';

export type HeadingSource = 'compass' | 'movement' | 'none';

/** Below this (or the fix's accuracy, whichever is larger), a move is treated as noise. */
const MIN_MOVE_M = 4;

interface OrientationLike extends Event {
  alpha: number | null;
  absolute?: boolean;
  webkitCompassHeading?: number;
}

function screenAngle(): number {
  return typeof screen !== 'undefined' && screen.orientation ? screen.orientation.angle : 0;
}

/** The compass heading of one orientation event, or null when it has no north reference. */
export function compassHeading(event: OrientationLike): number | null {
  if (
    typeof event.webkitCompassHeading === 'number' &&
    Number.isFinite(event.webkitCompassHeading)
  ) {
    return normalizeDegrees(event.webkitCompassHeading);
  }
  if (event.absolute && event.alpha !== null && Number.isFinite(event.alpha)) {
    // alpha turns counter-clockwise from north; the screen may be rotated in the hand.
    return normalizeDegrees(360 - event.alpha + screenAngle());
  }
  return null;
}

/** iOS asks for motion permission, and only from a tap: call this from the "Como chegar" click. */
export async function askCompassPermission(): Promise<void> {
  const ctor = (
    globalThis as { DeviceOrientationEvent?: { requestPermission?: () => Promise<string> } }
  ).DeviceOrientationEvent;
  if (ctor && typeof ctor.requestPermission === 'function') {
    try {
      await ctor.requestPermission();
    } catch {
      // Refused or not from a gesture: the movement fallback takes over.
    }
  }
}

export function useHeading(
  active: boolean,
  fix: Fix | null,
): {
  heading: number | null;
  source: HeadingSource;
} {
  const [compass, setCompass] = useState<number | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  const anchor = useRef<Fix | null>(null);

  useEffect(() => {
    if (!active || typeof window === 'undefined') return;
    const onOrientation = (event: Event) => {
      const h = compassHeading(event as OrientationLike);
      if (h !== null) setCompass(h);
    };
    window.addEventListener('deviceorientationabsolute', onOrientation);
    window.addEventListener('deviceorientation', onOrientation);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onOrientation);
      window.removeEventListener('deviceorientation', onOrientation);
    };
  }, [active]);

  useEffect(() => {
    if (!fix) return;
    if (fix.heading !== null) {
      setMoving(fix.heading);
      anchor.current = fix;
      return;
    }
    const from = anchor.current;
    if (!from) {
      anchor.current = fix;
      return;
    }
    if (distanceMeters(from, fix) >= Math.max(MIN_MOVE_M, fix.accuracy)) {
      setMoving(bearingDegrees(from, fix));
      anchor.current = fix;
    }
  }, [fix]);

  if (compass !== null) return { heading: compass, source: 'compass' };
  if (moving !== null) return { heading: moving, source: 'movement' };
  return { heading: null, source: 'none' };
}
