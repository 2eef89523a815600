// A button pressed before React is attached is held (HOLD_EARLY_PRESS, every page's <head>) and pressed
// again once it is (replayEarlyPress). The page's own handlers must see that press exactly once: React,
// hydrating, replays on its own a press it saw inside a region it had not hydrated yet, so a held press
// that also went on to React was handled twice (a review reported twice: "You already reported this review").
import { afterEach, expect, test } from 'vitest';
import { EARLY_PRESS, HOLD_EARLY_PRESS, HYDRATED } from '#common/deferredHydration.ts';
import { replayEarlyPress } from './replayEarlyPress.ts';

type HydrationWindow = Window & { [EARLY_PRESS]?: HTMLButtonElement; [HYDRATED]?: boolean };
const w = window as HydrationWindow;
new Function(HOLD_EARLY_PRESS)();

/** A button inside a root that counts the presses reaching it, as React's root listener would. */
function page() {
  const root = document.createElement('div');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Report';
  root.append(button);
  document.body.append(root);
  const seen: string[] = [];
  root.addEventListener('click', () => seen.push('press'));
  return { root, button, seen };
}

afterEach(() => {
  delete w[HYDRATED];
  delete w[EARLY_PRESS];
  document.body.replaceChildren();
});

test('a press before hydration reaches the page once, when it is hydrated', () => {
  const { button, seen } = page();
  button.click();
  expect(seen).toEqual([]);
  expect(w[EARLY_PRESS]).toBe(button);
  replayEarlyPress();
  expect(seen).toEqual(['press']);
  expect(w[EARLY_PRESS]).toBeUndefined();
});

test('once hydrated, presses go straight to the page', () => {
  const { button, seen } = page();
  replayEarlyPress();
  button.click();
  button.click();
  expect(seen).toEqual(['press', 'press']);
});

test('a form’s submit button is left to the browser', () => {
  const { root, seen } = page();
  const form = document.createElement('form');
  form.addEventListener('submit', (e) => e.preventDefault());
  const submit = document.createElement('button');
  form.append(submit);
  root.append(form);
  submit.click();
  expect(seen).toEqual(['press']);
  expect(w[EARLY_PRESS]).toBeUndefined();
});
