// "Share" in Chromium: the phone's share sheet when there is one, else the WhatsApp / copy-link menu. The
// share sheet and the clipboard are the browser's (a test cannot press "Allow"), so they are stood in for.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { InEnglish } from '#tests/components/inEnglish.tsx';
import { ShareButton } from './ShareButton.tsx';

// The page's canonical address, on another host than the test page's: the button shares it, not location.
const URL_ = 'https://darasa.example/course/abc123';
const TITLE = 'Kilimo Bora & more';
const TEXT = 'A course by Amina on Darasa';

function withShareSheet(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

afterEach(() => {
  withShareSheet(undefined);
  vi.restoreAllMocks();
});

const mount = () => render(<ShareButton url={URL_} title={TITLE} text={TEXT} />, { wrapper: InEnglish });

describe('with a share sheet (phones)', () => {
  test('hands the page to it and opens no menu', async () => {
    const share = vi.fn(async (_: ShareData) => {});
    withShareSheet(share);
    const screen = await mount();
    await screen.getByRole('button', { name: 'Share' }).click();
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: TITLE, text: TEXT, url: URL_ }));
    await expect.element(screen.getByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  test('a closed sheet is left closed; a failing one falls back to the menu', async () => {
    withShareSheet(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const screen = await mount();
    const button = screen.getByRole('button', { name: 'Share' });
    await button.click();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    withShareSheet(async () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    await button.click();
    await expect.element(screen.getByRole('link', { name: 'Share on WhatsApp' })).toBeVisible();
  });
});

describe('without a share sheet', () => {
  test('offers WhatsApp with the title and link, and copies the link', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const screen = await mount();
    const button = screen.getByRole('button', { name: 'Share' });
    await button.click();
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    await expect
      .element(whatsApp)
      .toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${TITLE} ${URL_}`)}`);
    await expect.element(whatsApp).toHaveAttribute('target', '_blank');
    await screen.getByRole('button', { name: 'Copy link' }).click();
    expect(write).toHaveBeenCalledWith(URL_);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Link copied');
  });

  test('shows the link selected when the clipboard is refused', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const screen = await mount();
    await screen.getByRole('button', { name: 'Share' }).click();
    await screen.getByRole('button', { name: 'Copy link' }).click();
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Could not copy the link. It is selected below: copy it from there.');
    const field = screen.getByRole('textbox', { name: 'Link to share' });
    await expect.element(field).toHaveValue(URL_);
    await expect.element(field).toHaveFocus();
    const input = field.element() as HTMLInputElement;
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(URL_);
  });

  test('Escape closes the menu and gives the button back its focus; the menu is in the page while closed', async () => {
    const screen = await mount();
    const button = screen.getByRole('button', { name: 'Share' });
    const menu = document.getElementById(button.element().getAttribute('aria-controls')!);
    expect(menu).not.toBeNull();
    await button.click();
    const copy = screen.getByRole('button', { name: 'Copy link' });
    await expect.element(copy).toBeVisible();
    copy.element().focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(button).toHaveFocus();
    expect(menu!.hidden).toBe(true);
  });
});
