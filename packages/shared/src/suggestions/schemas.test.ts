import { describe, expect, it } from 'vitest';
import { zId } from '../models/fields.ts';
import { idFromName, isOpenSuggestion } from './schemas.ts';

describe('suggestion rules', () => {
  it('derives ids from names: lower-case, spaces replaced by underscores (§5)', () => {
    expect(idFromName('Old Mill Road')).toBe('old_mill_road');
    expect(idFromName('  Café  Noir ')).toBe('cafe_noir');
    expect(idFromName('.Hidden/Base?')).toBe('hiddenbase');
    expect(zId.safeParse(idFromName('Ghost Town 2')).success).toBe(true);
  });

  it('counts SAVED and REVIEW_REQUESTED as open', () => {
    expect(isOpenSuggestion('SAVED')).toBe(true);
    expect(isOpenSuggestion('REVIEW_REQUESTED')).toBe(true);
    expect(isOpenSuggestion('ACCEPTED')).toBe(false);
    expect(isOpenSuggestion('REJECTED')).toBe(false);
  });
});
