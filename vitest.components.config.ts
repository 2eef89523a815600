import { lingui } from '@lingui/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium.ts';
import { testMedia } from './tests/components/media.ts';
import { apiStub } from './tests/components/apiStub.ts';

// The component tests: real React components in Debian's Chromium (Vitest browser mode), below the
// Playwright journeys. Apart from vitest.config.ts (the server suite: Node, forks pool) so neither changes
// the other; `npm test` runs both. testMedia makes the videos the player plays (ffmpeg) and serves them as
// the public files; apiStub stands in for the few HTTP endpoints the upload field calls.
export default defineConfig({
  plugins: [lingui(), testMedia(), apiStub()],
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react-router',
      '@lingui/core',
      '@lingui/react',
      'hls.js/light',
      'tus-js-client',
      'vitest-browser-react',
    ],
  },
  test: {
    name: 'components',
    include: ['app/**/*.browser.test.tsx'],
    setupFiles: ['tests/support/failOnConsoleError.ts'],
    // One page at a time: the machine has two cores and the player tests play real video.
    fileParallelism: false,
    // A component answers in milliseconds (a settled payment within the modal's 2 s poll): a missing text
    // fails the test soon. expect.element waits up to the test's end; expect.poll up to 5 s.
    testTimeout: 15_000,
    expect: { poll: { timeout: 5000 } },
    hookTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          // Autoplay without a gesture keeps play() from depending on how the click reached the iframe.
          args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
