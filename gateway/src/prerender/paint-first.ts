/**
 * A prerendered page shows its content before any script runs; the shell's entry (and the hydration it starts) then
 * takes a few hundred milliseconds of main thread. A deferred script that has arrived by the time the stylesheets
 * have runs before the browser's first frame and holds that paint back. So a prerendered page names the entry in
 * data-main of this small script instead, which starts it once the first frame is on screen (one animation frame,
 * then a task). The entry itself is preloaded, so it is not fetched any later.
 */
export const PAINT_FIRST_PATH = '/paint-first.js';

export const PAINT_FIRST_JS = `(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  function start() {
    var s = document.createElement('script');
    s.src = main;
    document.body.appendChild(s);
  }
  // a hidden tab paints no frame: start at once rather than wait until it is shown
  if (document.visibilityState === 'hidden' || !window.requestAnimationFrame) start();
  else window.requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;

const ENTRY_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;

/** The shell's deferred entry script → its preload and the paint-first starter naming it. */
export function startAfterFirstPaint(html: string): string {
  return html.replace(ENTRY_SCRIPT, (_m, src: string) =>
    `<link rel="preload" href="${src}" as="script"><script defer src="${PAINT_FIRST_PATH}" data-main="${src}"></script>`);
}
