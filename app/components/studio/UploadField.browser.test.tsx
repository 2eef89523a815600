// The upload field in Chromium with the real tus-js-client, talking over real XHRs to the tiny tus
// endpoint of tests/components/apiStub.ts (no upload server, no database).
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { AssetView } from '#app/server/studio.server.ts';
import { UploadField } from './UploadField.tsx';
import { InEnglish } from '#tests/components/inEnglish.tsx';

const MB = 1024 * 1024;
const stub = (what: 'hold' | 'release' | 'unhold') => fetch(`/__stub/${what}`, { method: 'POST' });
const waiting = async () => (await (await fetch('/__stub/waiting')).json()) as number;

beforeEach(() => localStorage.clear()); // tus-js-client remembers unfinished uploads there
afterEach(async () => {
  await stub('unhold');
  localStorage.clear();
  vi.restoreAllMocks();
});

async function mount(kind: 'image' | 'video' = 'image') {
  const changes: (AssetView | null)[] = [];
  const phases: string[] = [];
  function Harness() {
    const [value, setValue] = useState<AssetView | null>(null);
    return (
      <UploadField
        kind={kind}
        label="Thumbnail"
        value={value}
        onChange={(a) => {
          changes.push(a);
          setValue(a);
        }}
        onUploadState={(label, state) => phases.push(`${label}: ${state.phase}`)}
      />
    );
  }
  const screen = await render(<Harness />, { wrapper: InEnglish });
  return { screen, changes, phases };
}

/** What the browser does once a file is chosen in the picker. */
function pick(screen: { container: HTMLElement }, file: File) {
  const input = screen.container.querySelector<HTMLInputElement>('input[type=file]')!;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const file = (name: string, bytes: number, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

describe('choosing a file', () => {
  test('the picker says what it takes', async () => {
    const image = await mount('image');
    await expect.element(image.screen.getByText('Choose an image')).toBeVisible();
    await expect.element(image.screen.getByText('PNG, JPG, JPEG or WebP, up to 20MB')).toBeVisible();
    const video = await mount('video');
    await expect.element(video.screen.getByText('Choose a video')).toBeVisible();
    await expect.element(video.screen.getByText('MP4, MOV, AVI or WebM, up to 500MB')).toBeVisible();
  });

  test('a file over the limit is refused with "File size should be less than 20MB" before any upload', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { screen, changes } = await mount();
    pick(screen, file('huge.png', 20 * MB + 1));
    await expect.element(screen.getByRole('alert')).toHaveTextContent('File size should be less than 20MB');
    expect(screen.getByRole('progressbar').query()).toBeNull();
    await expect.element(screen.getByText('Choose an image')).toBeVisible();
    expect(open).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });

  test("a file the server refuses shows the server's reason", async () => {
    const { screen } = await mount();
    pick(screen, file('refuse-me.png', 1000));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('This file is not an image. Please upload a PNG, JPG or WebP image.');
    await expect.element(screen.getByText('Choose an image')).toBeVisible();
  });
});

describe('uploading', () => {
  test('shows its progress chunk by chunk, then the file, its state and Remove', async () => {
    await stub('hold');
    const { screen, changes } = await mount();
    pick(screen, file('cover.png', 12 * MB)); // three 5 MB chunks
    const bar = screen.getByRole('progressbar', { name: 'Thumbnail' });
    await expect.element(bar).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const percent = () =>
      Number(/^Uploading… (\d+)%$/.exec(screen.getByText(/^Uploading…/).element().textContent ?? '')?.[1]);
    await expect.poll(waiting).toBe(1); // the first chunk is with the server
    expect(percent()).toBeLessThanOrEqual(41);
    await stub('release');
    await expect.poll(percent).toBeGreaterThanOrEqual(41); // 5 of 12 MB stored
    expect(Number(bar.element().getAttribute('value'))).toBe(percent());
    await stub('unhold');
    await expect.element(screen.getByText('cover.png')).toBeVisible();
    await expect.element(screen.getByText('Queued for processing')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();
    expect(changes).toEqual([expect.objectContaining({ fileName: 'cover.png', status: 'queued' })]);
  });

  test('tells the form of each state of the upload (Save waits for it)', async () => {
    const { screen, phases } = await mount();
    pick(screen, file('cover.png', 2000));
    await expect.element(screen.getByText('cover.png')).toBeVisible();
    expect([...new Set(phases)]).toEqual(['Thumbnail: idle', 'Thumbnail: uploading', 'Thumbnail: done']);
  });

  test('Remove clears the file and offers the picker again', async () => {
    const { screen, changes } = await mount();
    pick(screen, file('cover.png', 2000));
    await screen.getByRole('button', { name: 'Remove' }).click();
    await expect.element(screen.getByText('Choose an image')).toBeVisible();
    expect(screen.getByText('cover.png').query()).toBeNull();
    expect(changes.at(-1)).toBeNull();
  });

  test('Cancel stops an upload in progress', async () => {
    await stub('hold');
    const { screen, changes } = await mount();
    pick(screen, file('cover.png', 2000));
    await expect.poll(waiting).toBe(1);
    await screen.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(screen.getByText('Choose an image')).toBeVisible();
    await stub('unhold');
    expect(changes).toEqual([null]);
  });
});
