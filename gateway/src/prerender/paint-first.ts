/**
 * A prerendered page shows its content before any script runs. Two things held its first paint back (bench:lcp-ratio,
 * side-by-side variants of the same page): the shell's deferred entry, when it arrived with the stylesheets, ran (and
 * started hydration) before the first frame; and the ~15 script preloads in the head competed with the render-blocking
 * stylesheets for the server and the connections. So a prerendered page names the entry (data-main) and the scripts
 * to preload (data-preload) on this small script, which fetches them all at once after the first frame (one animation
 * frame, then a task): the content paints first, and the code still arrives in parallel rather than one file after
 * another. A portal's frame skeleton (portal-frame.ts) is started the same way; its list may name stylesheets (*.css,
 * preloaded as style: the area remote's), which must not hold the frame's paint back either.
 */
export const PAINT_FIRST_PATH = '/paint-first.js';

export const PAINT_FIRST_JS = `(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ');
  function start() {
    // the entry first: it heads the chain (its own async chunks, then the app), the preloads come in beside it
    var s = document.createElement('script');
    s.src = main;
    document.body.appendChild(s);
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var l = document.createElement('link');
      l.rel = 'preload';
      l.as = /\\.css$/.test(preload[i]) ? 'style' : 'script';
      l.href = preload[i];
      document.head.appendChild(l);
    }
  }
  // a hidden tab paints no frame: start at once rather than wait until it is shown
  // a portal's frame (data-start="now"): this script already waited for the stylesheet that draws it; the code,
  // not the frame, is what its first seconds wait on
  if (me.getAttribute('data-start') === 'now' || document.visibilityState === 'hidden' || !window.requestAnimationFrame) start();
  else window.requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;

const ENTRY_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;

/**
 * The shell's deferred entry script → the paint-first starter naming it and the scripts to preload (escaped URLs);
 * `now`: start as soon as it runs (after the stylesheets, being deferred) rather than after the first frame.
 */
export function startAfterFirstPaint(html: string, preloadScripts: string[], now = false): string {
  const preload = preloadScripts.join(' ');
  return html.replace(ENTRY_SCRIPT, (_m, src: string) =>
    `<script defer src="${PAINT_FIRST_PATH}" data-main="${src}" data-preload="${preload}"${now ? ' data-start="now"' : ''}></script>`);
}
