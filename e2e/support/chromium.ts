/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-gpu',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
