/**
 * A prerendered page shows its forms before its scripts run (paint-first.ts): submitted in that window, a form would
 * make a native request to the page's URL (the password in a POST body to /login, or in the address bar). This small
 * inline script, first in the <head> of every prerendered page, holds such a submit until the page is live:
 *  - a `submit` of a form of the prerendered markup (the forms in #root[data-prerendered] once the HTML is parsed,
 *    before the deferred scripts; not those the app renders later) while the page is not live is stopped in the
 *    capture phase at the window (preventDefault: no native request; stopPropagation: React does not half-handle
 *    it), the form is marked busy (aria-busy, data-early-submit) and its fields' values are kept as submitted;
 *  - a click on a plain button (`type="button"`, e.g. "Request a Call Back") of that markup is held the same way;
 *  - once the page's tree is hydrated, the app calls `window.__bbEarly.live()` (mfe-public FormsLive): the kept
 *    values are put back through the fields' own input/change events (React's state and react-hook-form follow),
 *    then the held clicks are replayed and the form is submitted again with its submitter (`requestSubmit`), so it
 *    does exactly what a submit after hydration does.
 * Only one submit is held (a second press while busy is ignored). Inline so that it runs before the first frame with
 * no request of its own; the gateway's CSP allows exactly this text by its hash (EARLY_SUBMIT_CSP_HASH).
 */
import { createHash } from 'node:crypto';

export const EARLY_SUBMIT_JS = `(function(){
var w=window,d=document,live=false,pending=null,clicks=[],early=null;
function root(){var r=d.getElementById('root');return r&&r.hasAttribute('data-prerendered')?r:null}
function mark(){if(early||d.readyState==='loading')return;var r=root();early=r?Array.prototype.slice.call(r.querySelectorAll('form,button[type="button"]')):[]}
function held(el){if(live||!el)return false;if(d.readyState==='loading'){var r=root();return !!(r&&r.contains(el))}mark();return early.indexOf(el)>=0}
d.addEventListener('readystatechange',mark);
function snap(f){var v=[];for(var i=0;i<f.elements.length;i++){var e=f.elements[i],t=e.type;
if(!/^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName)||/^(file|submit|button|reset|image|hidden)$/.test(t))continue;v.push([i,t==='checkbox'||t==='radio'?e.checked:e.value])}return v}
w.addEventListener('submit',function(ev){var f=ev.target;if(!held(f))return;ev.preventDefault();ev.stopPropagation();
if(pending)return;var s=ev.submitter||null;pending={f:f,si:s?Array.prototype.indexOf.call(f.elements,s):-1,v:snap(f),
fi:Array.prototype.indexOf.call(d.querySelectorAll('#root form'),f)};f.setAttribute('aria-busy','true');f.setAttribute('data-early-submit','')},true);
w.addEventListener('click',function(ev){var b=ev.target&&ev.target.closest&&ev.target.closest('button[type="button"]');
if(!b||!held(b))return;ev.preventDefault();ev.stopPropagation();if(clicks.length<5)clicks.push(b)},true);
function put(e,v){var t=e.type;if(t==='checkbox'||t==='radio'){if(v){e.checked=false;e.click()}else if(t==='checkbox'&&e.checked)e.click();return}
if(v===''&&e.value==='')return;var p=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e),'value');
e.value=v===''?'-':'';if(p&&p.set)p.set.call(e,v);else e.value=v;
e.dispatchEvent(new Event(e.tagName==='SELECT'?'change':'input',{bubbles:true}))}
w.__bbEarly={live:function(){if(live)return;live=true;var c=clicks,p=pending;clicks=[];pending=null;
for(var i=0;i<c.length;i++)if(c[i].isConnected)c[i].click();if(!p)return;
var f=p.f.isConnected?p.f:d.querySelectorAll('#root form')[p.fi];p.f.removeAttribute('aria-busy');p.f.removeAttribute('data-early-submit');if(!f)return;
for(var j=0;j<p.v.length;j++){var e=f.elements[p.v[j][0]];if(e)put(e,p.v[j][1])}
setTimeout(function(){if(!f.isConnected)return;var s=p.si>=0?f.elements[p.si]:null;
if(f.requestSubmit)f.requestSubmit(s&&s.form===f&&/^(submit|image)$/.test(s.type)?s:undefined);else f.dispatchEvent(new Event('submit',{bubbles:true,cancelable:true}))},0)}};
})();`;

/** The CSP source allowing exactly EARLY_SUBMIT_JS ('sha256-…'). */
export const EARLY_SUBMIT_CSP_HASH = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_JS, 'utf8').digest('base64')}'`;

/** A held form reads as busy until it is submitted again. */
const EARLY_SUBMIT_CSS = 'form[data-early-submit]{opacity:.7;cursor:progress}';

const HEAD_CHARSET = /<meta charset="?utf-8"?>/i;

/**
 * The page with the early-submit script first in its <head> (after the charset): before any stylesheet, so it runs
 * at once rather than after the render-blocking CSS, and before any form is parsed.
 */
export function withEarlySubmit(html: string): string {
  const tag = `<script>${EARLY_SUBMIT_JS}</script><style>${EARLY_SUBMIT_CSS}</style>`;
  if (HEAD_CHARSET.test(html)) return html.replace(HEAD_CHARSET, (m) => m + tag);
  return html.replace('<head>', `<head>${tag}`);
}
