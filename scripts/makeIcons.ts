// Renders public/icons/logo.svg into the icons the web app manifest, the favicon and iOS ask for, into public/
// (served as static files). Run after changing the logo: `node scripts/makeIcons.ts`.
import fs from 'node:fs';
import sharp from 'sharp';

const SVG = fs.readFileSync('public/icons/logo.svg');
const OUT = 'public';

const png = (size: number) => sharp(SVG, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** An .ico holding one PNG image (allowed since Windows Vista; every browser reads it). */
function ico(pngBytes: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(pngBytes.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, pngBytes]);
}

fs.mkdirSync(`${OUT}/icons`, { recursive: true });
for (const size of [192, 512]) fs.writeFileSync(`${OUT}/icons/icon-${size}.png`, await png(size));
// The art keeps to the central safe zone, so the maskable icon is the same picture.
fs.writeFileSync(`${OUT}/icons/maskable-512.png`, await png(512));
fs.writeFileSync(`${OUT}/apple-touch-icon.png`, await png(180));
fs.writeFileSync(`${OUT}/favicon.ico`, ico(await png(32), 32));
