/** The attribute a held-back module preload carries instead of `rel` (decision 015). */
export const AFTER_PAINT_PRELOAD = "data-after-paint";
/** The type the held-back route-modules script carries instead of `module`. */
export const AFTER_PAINT_TYPE = "flipside/after-paint";

/** A page that shows nothing contentful has no first contentful paint: it starts this late. */
const NOTHING_PAINTED_MS = 3000;

/**
 * Part of the boot script: once the HTML is parsed and the first contentful paint is on the
 * screen, starts what `scriptsAfterPaint` held back. The preloads become real ones (all scripts
 * download at once, not as a chain of imports) and the route-modules script runs as the module
 * React Router wrote, with the page's nonce, which hydrates the page. New elements go into the
 * head, where React expects other people's tags; the held-back ones stay inert where they are.
 * A browser without paint timing starts after two frames (not earlier: frames can come before
 * the paint is on the screen); a page with nothing contentful after NOTHING_PAINTED_MS; a hidden
 * tab draws no frames, so it starts at once, as does a tab hidden before its paint.
 */
export const afterPaintScript = `(function(){var d=document,started=false;function start(){if(started)return;started=true;var h=d.head;d.querySelectorAll("link[${AFTER_PAINT_PRELOAD}]").forEach(function(l){var n=d.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");n.nonce=l.nonce;h.appendChild(n)});d.querySelectorAll('script[type="${AFTER_PAINT_TYPE}"]').forEach(function(s){var n=d.createElement("script");n.type="module";n.nonce=s.nonce;n.textContent=s.textContent;h.appendChild(n)})}function frame(next){requestAnimationFrame(function(){setTimeout(next,0)})}function later(){if(d.visibilityState==="hidden")return start();d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")start()});var P=typeof PerformanceObserver!=="undefined"&&PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")!==-1){new P(function(list){if(list.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true});setTimeout(start,${NOTHING_PAINTED_MS})}else frame(function(){frame(start)})}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",later);else later()})();`;

/**
 * Part of the boot script: until the page is hydrated, its forms do not submit. Each of them is
 * sent by its React handler (none has an action a browser could send it to), and a native submit
 * in the moment before the scripts arrive would put what was typed, a password even, in the
 * address (`GET ?password=…`) and lose the page. The press is dropped; a press once the page is
 * interactive works.
 */
export const submitAfterHydrationScript = `document.addEventListener("submit",function(e){if(!document.documentElement.hasAttribute("data-hydrated"))e.preventDefault()},true);`;
