import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasScriptMarkers } from '../../server/lib/images';

describe('hasScriptMarkers', () => {
  it.each([
    '<?php system($_GET["c"]); ?>',
    '<?PHP echo 1;',
    '<ScRiPt>alert(1)</script>',
    '<html><body>',
    '<svg xmlns="http://www.w3.org/2000/svg">',
    '<svg/onload=alert(1)>',
    '<!DOCTYPE html>',
    '<iframe src=x>',
  ])('finds %s inside binary data', (marker) => {
    const bytes = Buffer.concat([
      crypto.randomBytes(1000),
      Buffer.from(marker, 'latin1'),
      crypto.randomBytes(10),
    ]);
    expect(hasScriptMarkers(bytes)).toBe(true);
  });

  it.each(['<svgx', '<scrip', '<htm', 'script', '<', '<?ph'])('ignores %s', (text) => {
    expect(hasScriptMarkers(Buffer.from(`abc${text}`, 'latin1'))).toBe(false);
  });
});
