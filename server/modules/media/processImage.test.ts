import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '#server/core/errors.ts';
import { processImage } from './processImage.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-img-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A picture whose left half is red and right half blue, so the crop position shows in the output. */
async function picture(name: string, width: number, height: number, format: 'png' | 'jpeg' | 'webp') {
  const file = path.join(dir, name);
  const half = Math.floor(width / 2);
  await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([
      { input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 },
    ])
    .toFormat(format)
    .toFile(file);
  return file;
}

async function outputs(outDir: string) {
  const names = fs.readdirSync(outDir).sort();
  const sizes = await Promise.all(
    names.map(async (n) => {
      const m = await sharp(path.join(outDir, n)).metadata();
      return { name: n, format: m.format, width: m.width, height: m.height };
    }),
  );
  return sizes;
}

describe('processImage', () => {
  it('makes exactly the three 16:9 WebP widths, cropped around the centre', async () => {
    const src = await picture('wide.png', 2400, 1000, 'png');
    const out = path.join(dir, 'wide');
    const result = await processImage(src, out);
    expect(result).toMatchObject({ width: 2400, height: 1000 });
    expect(await outputs(out)).toEqual([
      { name: 'w1280.webp', format: 'webp', width: 1280, height: 720 },
      { name: 'w320.webp', format: 'webp', width: 320, height: 180 },
      { name: 'w640.webp', format: 'webp', width: 640, height: 360 },
    ]);
    // Cover crop keeps the middle: both colours are still there, meeting in the centre.
    const { data } = await sharp(path.join(out, 'w320.webp')).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number) => [...data.subarray((90 * 320 + x) * 3, (90 * 320 + x) * 3 + 3)];
    expect(px(40)[0]).toBeGreaterThan(200);
    expect(px(280)[2]).toBeGreaterThan(200);
  });

  it('adds a 1200×630 JPEG for link previews when asked', async () => {
    const src = await picture('og.png', 900, 1600, 'png');
    const out = path.join(dir, 'og');
    await processImage(src, out, { og: true });
    expect((await outputs(out)).map((f) => [f.name, f.format, f.width, f.height])).toEqual([
      ['og.jpg', 'jpeg', 1200, 630],
      ['w1280.webp', 'webp', 896, 504],
      ['w320.webp', 'webp', 320, 180],
      ['w640.webp', 'webp', 640, 360],
    ]);
  });

  it('crops a portrait JPEG to 16:9 without enlarging it past its own width', async () => {
    const src = await picture('portrait.jpg', 900, 1600, 'jpeg');
    const out = path.join(dir, 'portrait');
    await processImage(src, out);
    const files = await outputs(out);
    expect(files.map((f) => f.name)).toEqual(['w1280.webp', 'w320.webp', 'w640.webp']);
    for (const f of files) {
      expect(f.width! * 9).toBe(f.height! * 16);
      expect(f.width).toBeLessThanOrEqual(900);
    }
    expect(files[0]).toMatchObject({ width: 896, height: 504 });
  });

  it('still writes all three files for a tiny WebP, none of them upscaled', async () => {
    const src = await picture('tiny.webp', 200, 150, 'webp');
    const out = path.join(dir, 'tiny');
    const result = await processImage(src, out);
    expect(result.files.map((f) => [f.name, f.width, f.height])).toEqual([
      ['w320.webp', 192, 108],
      ['w640.webp', 192, 108],
      ['w1280.webp', 192, 108],
    ]);
    expect((await outputs(out)).every((f) => f.width === 192 && f.height === 108)).toBe(true);
  });

  it('refuses a text file named .png, by content, and writes nothing', async () => {
    const src = path.join(dir, 'notes.png');
    fs.writeFileSync(src, 'just some text, not a picture\n');
    const out = path.join(dir, 'notes');
    const err = await processImage(src, out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'not_image', message: 'This file is not a PNG, JPG or WebP image.' });
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses a truncated PNG and leaves no half-written file', async () => {
    const whole = fs.readFileSync(await picture('whole.png', 1600, 900, 'png'));
    const src = path.join(dir, 'cut.png');
    fs.writeFileSync(src, whole.subarray(0, Math.floor(whole.length / 2)));
    const out = path.join(dir, 'cut');
    await expect(processImage(src, out)).rejects.toMatchObject({ code: 'not_image', message: /could not be read/ });
    expect(fs.existsSync(out) ? fs.readdirSync(out) : []).toEqual([]);
  });

  it('refuses formats other than PNG, JPG and WebP even when sharp could read them', async () => {
    const src = path.join(dir, 'drawing.png');
    fs.writeFileSync(src, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(processImage(src, path.join(dir, 'svg'))).rejects.toMatchObject({ code: 'not_image' });
  });
});
