// The course form in Chromium with its real logic; only the studio API is faked (window.fetch). Uploads go
// over real tus (tus-js-client) to the test server's stub (tests/components/apiStub.ts).
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { EditorCourse } from '#app/server/studio.server.ts';
import { InEnglish } from '#tests/components/inEnglish.tsx';
import { json, mockApi } from '#tests/components/mockApi.ts';
import { CourseForm } from './CourseForm.tsx';

const REQUIRED = 'Please fill in all required fields';

const stub = (what: 'hold' | 'release' | 'unhold' | 'fail') => fetch(`/__stub/${what}`, { method: 'POST' });
const heldChunks = async () => (await (await fetch('/__stub/waiting')).json()) as number;

beforeEach(() => localStorage.clear()); // tus-js-client remembers unfinished uploads there
afterEach(async () => {
  vi.restoreAllMocks();
  await stub('unhold');
  localStorage.clear();
});

/** What the browser does once a file is chosen in the picker of the field labelled `label`. */
function pick(container: HTMLElement, label: string, file: File) {
  const field = [...container.querySelectorAll('.upload-field')].find((f) => f.textContent?.startsWith(label))!;
  const input = field.querySelector<HTMLInputElement>('input[type=file]')!;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const MB = 1024 * 1024;
const png = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const existing: EditorCourse = {
  id: 'c1',
  title: 'Intro to Python',
  description: 'Start coding.',
  price: 1500,
  category: 'technology',
  published: false,
  thumbnail: null,
  trailer: null,
  episodes: [],
  sections: [],
  unsectionedAt: 0,
  outcomes: ['Write a script'],
  requirements: [],
  instalmentsMax: 0,
  lessonsCount: 0,
  duration: 0,
  updatedAt: new Date().toISOString(),
};

function CreatedPage() {
  const state = useLocation().state as { flash?: string } | null;
  return <p>Editing the new course: {state?.flash}</p>;
}

async function mount(course: EditorCourse | null = null) {
  const Stub = createRoutesStub([
    { path: '/creator/course/new', Component: () => <CourseForm course={null} initialFlash={null} /> },
    { path: '/creator/course/c1', Component: () => <CourseForm course={course} initialFlash={null} /> },
    { path: '/creator/course/:id', Component: CreatedPage },
  ]);
  const screen = await render(<Stub initialEntries={[course ? '/creator/course/c1' : '/creator/course/new']} />, {
    wrapper: InEnglish,
  });
  return {
    screen,
    title: screen.getByRole('textbox', { name: 'Title *' }),
    description: screen.getByRole('textbox', { name: 'Description *' }),
    price: screen.getByRole('spinbutton', { name: 'Price (KES)' }),
    category: screen.getByRole('combobox', { name: 'Category *' }),
    save: screen.getByRole('button', { name: 'Save Course' }),
  };
}

describe('a new course', () => {
  test('starts with price 0, a category to choose and publishing off until saved', async () => {
    const { screen, price, category } = await mount();
    await expect.element(price).toHaveValue(0);
    const options = [...(category.element() as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual([
      'Choose a category',
      'Business',
      'Technology',
      'Creative Arts',
      'Health',
      'Education',
      'Lifestyle',
    ]);
    await expect.element(screen.getByRole('switch', { name: 'Published' })).toBeDisabled();
    await expect
      .element(screen.getByText('New courses start as drafts. Save the course, then add episodes and publish it.'))
      .toBeVisible();
    await expect.element(screen.getByText('Thumbnail')).toBeVisible();
    await expect.element(screen.getByText('Trailer')).toBeVisible();
  });

  test('the price steps in whole shillings and not below 0', async () => {
    const { price } = await mount();
    await price.click();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect.element(price).toHaveValue(2);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect.element(price).toHaveValue(0);
  });

  test('"Please fill in all required fields" until title, description and category are given; nothing is sent', async () => {
    const calls = mockApi(() => json({ id: 'new1' }, 201));
    const { screen, title, description, save } = await mount();
    await save.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(REQUIRED);
    await title.fill('Intro to Python');
    await description.fill('   ');
    await save.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(REQUIRED);
    await description.fill('Start coding.');
    await save.click(); // still no category
    await expect.element(screen.getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(calls).toEqual([]);
  });

  test('saving creates the course (an empty price is 0) and opens it with "Course saved successfully!"', async () => {
    const calls = mockApi(() => json({ id: 'new1' }, 201));
    const { screen, title, description, price, category, save } = await mount();
    await title.fill('Intro to Python');
    await description.fill('Start coding.');
    await price.fill('');
    await category.selectOptions('Creative Arts');
    await screen
      .getByRole('textbox', { name: 'What learners will learn (one per line)' })
      .fill('Write a script\nRead a file');
    await save.click();
    await expect.element(screen.getByText('Editing the new course: Course saved successfully!')).toBeVisible();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/studio/courses',
        body: {
          title: 'Intro to Python',
          description: 'Start coding.',
          price: 0,
          category: 'creative arts',
          thumbnailId: null,
          trailerId: null,
          published: false,
          // As typed: the server splits the lines (courseSchema.ts).
          outcomes: 'Write a script\nRead a file',
          requirements: '',
          instalmentsMax: 0,
        },
      },
    ]);
  });
});

describe('an existing course', () => {
  test('shows its fields; saving sends the edits and says "Course saved successfully!"', async () => {
    let answer!: (r: Response) => void;
    const calls = mockApi(() => new Promise((resolve) => (answer = resolve)));
    const { screen, title, price, category, save } = await mount(existing);
    await expect.element(title).toHaveValue('Intro to Python');
    await expect.element(price).toHaveValue(1500);
    await expect.element(category).toHaveDisplayValue('Technology');
    const published = screen.getByRole('switch', { name: 'Published' });
    await expect.element(published).toBeEnabled();
    await published.click();
    await price.fill('2000');
    await save.click();
    await expect.element(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer(json({ ok: true }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Course saved successfully!');
    await expect.element(save).toBeEnabled();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/studio/courses/c1',
      body: { price: '2000', published: true, category: 'technology' },
    });
  });

  test('a refusal shows the server\'s words; a failure on its side "Failed to save course. Please try again."', async () => {
    const answers = [
      json({ error: { code: 'bad_request', message: 'The price must be a whole number of shillings.' } }, 400),
      json({ error: { code: 'internal', message: 'boom' } }, 500),
    ];
    mockApi(() => answers.shift()!);
    const { screen, save } = await mount(existing);
    await save.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The price must be a whole number of shillings.');
    await save.click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Failed to save course. Please try again.');
  });
});

describe('saving while a file is still uploading', () => {
  /** The studio API, with the uploaded files' state answered as the stub server stored them. */
  function studio() {
    return mockApi(({ path }) => {
      const asset = /^\/api\/studio\/assets\/(.+)$/.exec(path);
      if (asset)
        return json({
          id: asset[1],
          kind: 'image',
          status: 'ready',
          progress: null,
          error: null,
          fileName: 'cover.png',
          duration: null,
          preview: null,
        });
      return json({ ok: true });
    });
  }

  /** A small thumbnail whose only chunk the stub server holds, and Save pressed meanwhile. */
  async function saveDuringUpload() {
    await stub('hold');
    const calls = studio();
    const { screen } = await mount(existing);
    pick(screen.container, 'Thumbnail', png('cover.png', 2000));
    await expect.poll(heldChunks).toBe(1);
    await screen.getByRole('button', { name: 'Save Course' }).click();
    await expect.element(screen.getByRole('button', { name: 'Waiting for upload to finish…' })).toBeDisabled();
    return { screen, calls };
  }

  test('Save waits, shows "Waiting for upload to finish…" and the progress, then saves with the file', async () => {
    await stub('hold');
    const calls = studio();
    const { screen } = await mount(existing);
    pick(screen.container, 'Thumbnail', png('cover.png', 7 * MB)); // two 5 MiB chunks
    await expect.poll(heldChunks).toBe(1);
    await screen.getByRole('button', { name: 'Save Course' }).click();
    const waitingButton = screen.getByRole('button', { name: 'Waiting for upload to finish…' });
    await expect.element(waitingButton).toBeDisabled();
    await expect
      .element(screen.getByRole('status'))
      .toMatchTextContent(/^Waiting for upload to finish… Thumbnail \d+%$/);
    await stub('release');
    await expect.poll(heldChunks).toBe(1); // the second chunk
    // Past the first chunk (5 of 7 MiB); 100 % once the kernel took all the held chunk's bytes, as it may.
    await expect.element(screen.getByRole('status')).toMatchTextContent(/Thumbnail (7[1-9]|[89][0-9]|100)%$/);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]); // nothing saved yet
    await stub('unhold');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Course saved successfully!');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([expect.objectContaining({ path: '/api/studio/courses/c1' })]);
    expect((puts[0]!.body as { thumbnailId: string }).thumbnailId).toMatch(/^up\d+$/);
  });

  test('an upload that fails meanwhile stops the save and says so; nothing is saved without the file', async () => {
    const { screen, calls } = await saveDuringUpload();
    await stub('fail');
    await expect
      .element(
        screen.getByText('The thumbnail upload failed, so the course was not saved. Choose the file again, then save.'),
      )
      .toBeVisible();
    await expect.element(screen.getByText('Choose an image')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Save Course' })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  test('a cancelled upload is not waited for: the course saves without it', async () => {
    const { screen, calls } = await saveDuringUpload();
    await screen.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Course saved successfully!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ thumbnailId: null });
  });
});
