/**
 * Image fixtures made at test time with sharp (no binary files in the repo): real photos of
 * any size, a JPEG carrying EXIF with GPS, and the attacks the upload pipeline must refuse.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG with some texture (a flat colour would compress to nothing). */
export async function jpeg(width = 640, height = 480, hue = 30): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue + 120},50%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${hue + 60},70%,50%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function png(width = 300, height = 200): Promise<Buffer> {
  return sharp(await jpeg(width, height, 200))
    .png()
    .toBuffer();
}

export async function webp(width = 300, height = 200): Promise<Buffer> {
  return sharp(await jpeg(width, height, 100))
    .webp()
    .toBuffer();
}

export async function avif(width = 120, height = 90): Promise<Buffer> {
  return sharp(await jpeg(width, height, 300))
    .avif()
    .toBuffer();
}

export async function gif(width = 120, height = 90): Promise<Buffer> {
  return sharp(await jpeg(width, height, 10))
    .gif()
    .toBuffer();
}

/** A JPEG with EXIF: GPS position, camera make, and orientation 6 (rotate 90° to view). */
export async function jpegWithGps(width = 400, height = 200): Promise<Buffer> {
  return sharp(await jpeg(width, height, 50))
    .withExif({
      IFD0: { Make: 'CameraEspia', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A PNG a few dozen bytes long whose header claims width × height pixels. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const tiny = await sharp({
    create: { width: 1, height: 1, channels: 3, background: '#777777' },
  })
    .png()
    .toBuffer();
  const out = Buffer.from(tiny);
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows at 29.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const htmlPage = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);
export const phpScript = Buffer.from('<?php system($_GET["c"]); ?>');
/** Starts like a GIF (file-type says image/gif) but is a script: the classic GIFAR trick. */
export const gifScriptPolyglot = Buffer.from('GIF89a/*\x00\x00\x00*/=1;alert(document.domain);//');

/** A real JPEG followed by a PHP payload: decodes as an image, carries a script. */
export async function jpegWithPhp(): Promise<Buffer> {
  return Buffer.concat([await jpeg(200, 150), Buffer.from('<?php system($_GET["c"]); ?>')]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const full = await jpeg(800, 600);
  return full.subarray(0, Math.floor(full.length * 0.6));
}
