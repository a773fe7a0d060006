import { uiMessages } from '../i18n/messages/ui-messages.ts';
import ui from './ui.module.css';
import { usePageMeta } from './usePageMeta.ts';

/** Route entry of a page whose content is delivered by its own feature. */
export function FeaturePending({ title }: { title: string }) {
  usePageMeta(title);
  return (
    <div className={`${ui.container} ${ui.stack}`}>
      <h1 className={ui.title}>{title}</h1>
      <p className={ui.dimmed}>{uiMessages.components.notAvailableYet}</p>
    </div>
  );
}
