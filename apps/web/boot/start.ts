// The page's last script: starts the app's code once the first frame has been painted, so that the
// modules are not evaluated before anything is painted (asking for the waiting tags first if a first
// visit's question held them). A hidden page has no frames and starts at once; a frame that does not
// come within a second does not hold the app either.
import { moveAfterPaintTags } from './after-paint.ts';

/** The built entry's address, which the build writes on this script (plugin.ts). */
const entry = document.currentScript?.dataset.entry;

let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  moveAfterPaintTags();
  void import(entry);
}
if (document.visibilityState !== 'visible') start();
else requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
