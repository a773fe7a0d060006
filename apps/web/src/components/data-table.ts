import { uiMessages } from '../i18n/messages/ui-messages.ts';

/** Names of a data table's page buttons in the interface language (`getPaginationControlProps`). */
export function paginationControlProps(control: string): Record<string, string> {
  if (control === 'previous') return { 'aria-label': uiMessages.components.previousPage };
  if (control === 'next') return { 'aria-label': uiMessages.components.nextPage };
  return {};
}
