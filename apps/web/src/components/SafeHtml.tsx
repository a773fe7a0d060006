import { useLayoutEffect, useRef } from 'react';
import { contentLang } from '../i18n/content.ts';
import ui from './ui.module.css';

/** The HTML Sanitizer API (Element.setHTML), where the browser has it. */
interface SanitizerLike {
  allowElement(name: string): void;
  allowAttribute(name: string): void;
}
type SetHtml = (html: string, options: { sanitizer: SanitizerLike }) => void;
declare const Sanitizer: (new () => SanitizerLike) | undefined;

let nativeSanitizer: SanitizerLike | null | undefined;

/** The browser's safe sanitizer (it always drops scripts, event handlers and javascript: URLs). */
function getNativeSanitizer(): SanitizerLike | null {
  if (nativeSanitizer !== undefined) return nativeSanitizer;
  nativeSanitizer = null;
  if (typeof Sanitizer === 'function' && 'setHTML' in Element.prototype) {
    try {
      const s = new Sanitizer();
      for (const el of ['img', 'figure', 'figcaption']) s.allowElement(el);
      for (const attr of ['src', 'alt', 'title', 'width', 'height']) s.allowAttribute(attr);
      nativeSanitizer = s;
    } catch {
      nativeSanitizer = null;
    }
  }
  return nativeSanitizer;
}

/**
 * Stored HTML (sanitized by the server when written), sanitized again in the browser before it is
 * shown: with the built-in HTML Sanitizer API where available, else with DOMPurify, loaded on demand.
 */
export function SafeHtml({ html, className }: { html: string | undefined; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const source = html ?? '';
    const sanitizer = getNativeSanitizer();
    if (sanitizer) {
      (el as unknown as { setHTML: SetHtml }).setHTML(source, { sanitizer });
      return;
    }
    let current = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current) el.innerHTML = DOMPurify.sanitize(source, { USE_PROFILES: { html: true } });
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (!html) return null;
  return <div ref={ref} lang={contentLang} className={`${ui.prose} ${className ?? ''}`} />;
}
