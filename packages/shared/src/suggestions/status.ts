/** Statuses in which a suggestion still waits for a decision (its author may edit or withdraw it). */
export const openSuggestionStatuses = ['SAVED', 'REVIEW_REQUESTED'] as const;

export function isOpenSuggestion(status: string): boolean {
  return (openSuggestionStatuses as readonly string[]).includes(status);
}
