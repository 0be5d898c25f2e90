/** jsdom has no window.matchMedia: screens that ask how wide the window is (the slot table) get a fixed answer. */
export function stubMatchMedia(matches = false): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}
