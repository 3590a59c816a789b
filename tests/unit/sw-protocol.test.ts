/**
 * The map's files as the worker's manifest names them: left out of the precache and fetched on
 * KEEP_MAP_CODE (sw/sw.ts), so a pattern that missed them would precache Leaflet on every first
 * visit, and one that caught more would leave a needed chunk out of the precache.
 */
import { describe, expect, it } from 'vitest';
import { isBuildAsset, isMapCode } from '../../src/domain/sw-protocol';

describe('the map code in the worker manifest', () => {
  it("names the map's chunk and CSS, relative or absolute", () => {
    expect(isMapCode('assets/map-section-CFKVe4Ev.js')).toBe(true);
    expect(isMapCode('assets/map-section-vh-t_kPv.css')).toBe(true);
    expect(isMapCode('/assets/map-section-CFKVe4Ev.js')).toBe(true);
  });

  it('no other file, however close its name', () => {
    for (const url of [
      'assets/burial-detail-page-_z9cI2ev.js',
      'index.html',
      'assets/index-map-section-x.js',
      'map-section-a.js',
    ])
      expect(isMapCode(url), url).toBe(false);
  });

  it('build assets are same-origin /assets/ files', () => {
    const origin = 'https://memorial.example';
    expect(isBuildAsset(new URL('/assets/a.js', origin), origin)).toBe(true);
    expect(isBuildAsset(new URL('https://tile.example/assets/a.js'), origin)).toBe(false);
  });
});
